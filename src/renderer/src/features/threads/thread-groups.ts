/** The Threads tab's shape: pinned threads on top, then by date (Today, Yesterday, …), within one project or all. */
import type { ThreadSummary } from '../../../../shared/threads';
import { byDate, type ListRow } from '../../ui/grouped-list';
import { baseName } from '../history/group-sessions';

/** The filter value of threads in the default workspace (no project folder of their own). */
export const WORKSPACE = '';

export const projectOf = (t: ThreadSummary): string => t.settings.projectDir ?? WORKSPACE;

export const inProject = (t: ThreadSummary, project: string | null): boolean =>
  project === null || projectOf(t) === project;

export interface ProjectChoice {
  value: string;
  label: string;
  /** The full path, for the tooltip. */
  title: string;
}

/** Every project a thread is in, the most recently used first; two folders with one name keep their paths apart. */
export function projectChoices(threads: ThreadSummary[]): ProjectChoice[] {
  const seen = new Map<string, number>();
  for (const t of threads) seen.set(projectOf(t), Math.max(seen.get(projectOf(t)) ?? 0, t.updatedAt));
  const dirs = [...seen.entries()].sort((a, b) => b[1] - a[1]).map(([dir]) => dir);
  const names = dirs.map((dir) => (dir === WORKSPACE ? 'Default workspace' : baseName(dir)));
  return dirs.map((dir, i) => {
    const clash = names.filter((n) => n === names[i]).length > 1;
    return { value: dir, label: clash ? dir : names[i]!, title: dir || 'Default workspace' };
  });
}

/** The rows the Threads tab shows: Pinned, then date groups; headings and threads in one flat run. */
export function threadRows(threads: ThreadSummary[], project: string | null, now: number): ListRow<ThreadSummary>[] {
  const shown = threads
    .filter((t) => inProject(t, project))
    .sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt);
  const rows: ListRow<ThreadSummary>[] = [];
  const pinned = shown.filter((t) => t.pinned);
  if (pinned.length > 0) {
    rows.push({ kind: 'heading', key: 'pinned', label: 'Pinned', level: 'group', icon: 'pin', testId: 'pinned-group' });
    for (const t of pinned) rows.push({ kind: 'item', key: t.id, item: t });
  }
  rows.push(
    ...byDate(
      shown.filter((t) => !t.pinned),
      (t) => t.updatedAt,
      (t) => t.id,
      now,
    ),
  );
  return rows;
}

/** A project's heading in the grouped list: it folds its threads away, can be pinned, starts a thread there. */
export interface ProjectHeadingRow {
  kind: 'project';
  key: string;
  /** The project dir ('' = the default workspace). */
  project: string;
  label: string;
  /** The full path, for the tooltip. */
  title: string;
  count: number;
  collapsed: boolean;
  pinned: boolean;
}

export type SidebarRow = ListRow<ThreadSummary> | ProjectHeadingRow;

/** The heading's row key (never a thread id: those are uuids). */
export const projectRowKey = (project: string): string => `project:${project}`;

export interface GroupOptions {
  collapsed: readonly string[];
  pinned: readonly string[];
}

/**
 * Threads grouped by project: pinned threads on top, then one group per project — pinned projects first (in the
 * order pinned), then the most recently used — each folded or open. With one project only (or a project filter
 * chosen) there is nothing to group, and the list is by date as before.
 */
export function groupedRows(
  threads: ThreadSummary[],
  project: string | null,
  now: number,
  opts: GroupOptions,
): SidebarRow[] {
  const choices = projectChoices(threads);
  if (project !== null || choices.length < 2) return threadRows(threads, project, now);
  const recent = [...threads].sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt);
  const rows: SidebarRow[] = [];
  const pinnedThreads = recent.filter((t) => t.pinned);
  if (pinnedThreads.length > 0) {
    rows.push({ kind: 'heading', key: 'pinned', label: 'Pinned', level: 'group', icon: 'pin', testId: 'pinned-group' });
    for (const t of pinnedThreads) rows.push({ kind: 'item', key: t.id, item: t });
  }
  const pinnedAt = (dir: string) => opts.pinned.indexOf(dir);
  const ordered = [...choices].sort((a, b) => {
    const pa = pinnedAt(a.value);
    const pb = pinnedAt(b.value);
    if (pa >= 0 || pb >= 0) return (pa < 0 ? Infinity : pa) - (pb < 0 ? Infinity : pb);
    return 0; // projectChoices is already most recent first
  });
  for (const choice of ordered) {
    const mine = recent.filter((t) => !t.pinned && projectOf(t) === choice.value);
    if (mine.length === 0) continue; // every thread of it is pinned: it shows under Pinned
    const collapsed = opts.collapsed.includes(choice.value);
    rows.push({
      kind: 'project',
      key: projectRowKey(choice.value),
      project: choice.value,
      label: choice.label,
      title: choice.title,
      count: mine.length,
      collapsed,
      pinned: pinnedAt(choice.value) >= 0,
    });
    if (!collapsed) for (const t of mine) rows.push({ kind: 'item', key: t.id, item: t });
  }
  return rows;
}
