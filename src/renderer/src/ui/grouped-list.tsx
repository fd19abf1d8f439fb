/**
 * The sidebar's lists (threads, History) as one flat run of rows: group headings between items. Flat, so a
 * virtualizer can window it by index, and one markup for headings whichever list shows them.
 */
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import './grouped-list.css';

export type ListRow<T> =
  | {
      kind: 'heading';
      key: string;
      label: string;
      /** `group`: a project or Pinned; `date`: Today, Yesterday… (under a group, or on its own). */
      level: 'group' | 'date';
      icon?: IconName;
      /** Full text when the label is shortened (a project's path). */
      title?: string;
      testId?: string;
    }
  | { kind: 'item'; key: string; item: T };

const DAY = 86_400_000;

/** Today / Yesterday / Previous 7 days / Previous 30 days / "March 2026": the buckets people expect. */
export function dateLabel(ts: number, now: number): string {
  const startOfToday = new Date(now).setHours(0, 0, 0, 0);
  if (ts >= startOfToday) return 'Today';
  if (ts >= startOfToday - DAY) return 'Yesterday';
  if (ts >= startOfToday - 7 * DAY) return 'Previous 7 days';
  if (ts >= startOfToday - 30 * DAY) return 'Previous 30 days';
  return new Date(ts).toLocaleString('en', { month: 'long', year: 'numeric' });
}

/** Items (already most recent first) with a date heading wherever the bucket changes. */
export function byDate<T>(items: T[], at: (item: T) => number, key: (item: T) => string, now: number): ListRow<T>[] {
  const rows: ListRow<T>[] = [];
  let last: string | undefined;
  for (const item of items) {
    const label = dateLabel(at(item), now);
    if (label !== last) rows.push({ kind: 'heading', key: `date:${key(item)}:${label}`, label, level: 'date' });
    last = label;
    rows.push({ kind: 'item', key: key(item), item });
  }
  return rows;
}

/** A heading row: a list item holding the heading, so the list stays one `<ul>`. */
export function ListHeading({
  row,
  liProps,
}: {
  row: Extract<ListRow<unknown>, { kind: 'heading' }>;
  /** What a virtualized list puts on its rows (measure ref, index, position). */
  liProps?: Omit<ComponentPropsWithRef<'li'>, 'className' | 'children'>;
}) {
  const Tag = row.level === 'group' ? 'h2' : 'h3';
  return (
    <li className={`list-heading list-heading-${row.level}`} data-testid={row.testId} {...liProps}>
      <Tag title={row.title}>
        {row.icon && <Icon name={row.icon} size={12} />}
        <span>{row.label}</span>
      </Tag>
    </li>
  );
}

/** Renders the rows: headings the one way, items by the caller. */
export function GroupedRows<T>({ rows, item }: { rows: ListRow<T>[]; item: (item: T, key: string) => ReactNode }) {
  return <>{rows.map((r) => (r.kind === 'heading' ? <ListHeading key={r.key} row={r} /> : item(r.item, r.key)))}</>;
}
