import { memo, useCallback, useEffect, useRef } from 'react';
import type { PickerItem } from './use-picker';
import './pickers.css';

/** `label` with the matched characters in <mark>. */
function Highlighted({ label, positions }: { label: string; positions: number[] }) {
  if (positions.length === 0) return <>{label}</>;
  const set = new Set(positions);
  const out: React.ReactNode[] = [];
  let run = '';
  let marked = false;
  const flush = (i: number) => {
    if (!run) return;
    out.push(marked ? <mark key={i}>{run}</mark> : run);
    run = '';
  };
  for (let i = 0; i < label.length; i++) {
    const m = set.has(i);
    if (m !== marked) {
      flush(i);
      marked = m;
    }
    run += label[i];
  }
  flush(label.length);
  return <>{out}</>;
}

interface PickerRowProps {
  listId: string;
  item: PickerItem;
  index: number;
  active: boolean;
  onHover(index: number): void;
  onChoose(index: number): void;
}

const PickerRow = memo(function PickerRow({ listId, item, index, active, onHover, onChoose }: PickerRowProps) {
  return (
    <li
      id={`${listId}-${index}`}
      data-index={index}
      role="option"
      aria-selected={active}
      className={`picker-item ${active ? 'active' : ''}`}
      onMouseMove={() => onHover(index)}
      // mousedown, not click: the text box keeps its focus and caret.
      onMouseDown={(e) => {
        e.preventDefault();
        onChoose(index);
      }}
    >
      <span className="picker-label">
        <Highlighted label={item.label} positions={item.positions} />
        {item.hint && <span className="picker-hint"> {item.hint}</span>}
      </span>
      {item.detail && <span className="picker-detail">{item.detail}</span>}
      {item.badge && <span className="picker-badge">{item.badge}</span>}
    </li>
  );
}, sameRow);

/** Each answer brings new item objects: a row re-renders only if what it shows changed. */
function sameRow(a: PickerRowProps, b: PickerRowProps): boolean {
  const x = a.item;
  const y = b.item;
  return (
    a.index === b.index &&
    a.active === b.active &&
    a.listId === b.listId &&
    a.onHover === b.onHover &&
    a.onChoose === b.onChoose &&
    x.key === y.key &&
    x.label === y.label &&
    x.detail === y.detail &&
    x.hint === y.hint &&
    x.badge === y.badge &&
    x.positions.length === y.positions.length &&
    x.positions.every((p, i) => p === y.positions[i])
  );
}

export interface PickerPopupProps {
  id: string;
  kind: 'command' | 'file';
  items: PickerItem[];
  active: number;
  loading: boolean;
  truncated: boolean;
  /** While the host still lists the folder: how many files so far. */
  listedSoFar?: number | null;
  problem?: string;
  query: string;
  onHover(index: number): void;
  onChoose(index: number): void;
}

/** The list above the composer; keyboard handling stays in the text box (the focus never leaves it). */
export function PickerPopup(props: PickerPopupProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-index="${props.active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [props.active]);
  // One stable callback for every row, so a keystroke re-renders only the rows whose item or highlight changed.
  const onChoose = useRef(props.onChoose);
  onChoose.current = props.onChoose;
  const choose = useCallback((i: number) => onChoose.current(i), []);
  const label = props.kind === 'command' ? 'Commands' : 'Files';
  const empty =
    props.loading || props.listedSoFar != null
      ? props.kind === 'command'
        ? 'Asking Claude Code for its commands…'
        : 'Indexing the project folder…'
      : props.kind === 'command'
        ? `No command matches /${props.query}`
        : props.query
          ? `No file matches @${props.query}`
          : 'This folder has no files to offer.';
  return (
    <div className="picker" data-testid={`${props.kind}-picker`}>
      <div className="picker-head">
        <span>{label}</span>
        <span className="picker-keys" aria-hidden="true">
          ↑↓ to move · Enter or Tab to pick · Esc to close
        </span>
      </div>
      {props.items.length === 0 ? (
        <p className="picker-empty" role="status">
          {empty}
        </p>
      ) : (
        // Reachable by Tab too (axe scrollable-region-focusable): a keyboard user can move and pick from the list
        // itself; from the text box the arrows work without leaving it.
        <ul
          id={props.id}
          ref={list}
          role="listbox"
          aria-label={label}
          aria-activedescendant={`${props.id}-${props.active}`}
          tabIndex={0}
          className="picker-list"
          onKeyDown={(e) => {
            const n = props.items.length;
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              props.onHover((props.active + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              choose(props.active);
            }
          }}
        >
          {props.items.map((item, i) => (
            <PickerRow
              key={item.key}
              listId={props.id}
              item={item}
              index={i}
              active={i === props.active}
              onHover={props.onHover}
              onChoose={choose}
            />
          ))}
        </ul>
      )}
      {props.kind === 'file' && (
        <p className="picker-foot">
          {props.listedSoFar != null
            ? `Still listing the folder: ${props.listedSoFar.toLocaleString('en-US')} files so far. `
            : ''}
          {props.truncated ? 'Large folder: only the first 300,000 files are searched. ' : ''}Add <code>#L10-20</code>{' '}
          after a file for just those lines.
        </p>
      )}
      {props.problem && <p className="picker-foot">{props.problem}</p>}
    </div>
  );
}
