import { useEffect, useRef } from 'react';
import type { PickerItem } from './use-picker';

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

export interface PickerPopupProps {
  id: string;
  kind: 'command' | 'file';
  items: PickerItem[];
  active: number;
  loading: boolean;
  truncated: boolean;
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
  const label = props.kind === 'command' ? 'Commands' : 'Files';
  const empty = props.loading
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
        <ul id={props.id} ref={list} role="listbox" aria-label={label} className="picker-list">
          {props.items.map((item, i) => (
            <li
              key={item.key}
              id={`${props.id}-${i}`}
              data-index={i}
              role="option"
              aria-selected={i === props.active}
              className={`picker-item ${i === props.active ? 'active' : ''}`}
              onMouseMove={() => props.onHover(i)}
              // mousedown, not click: the text box keeps its focus and caret.
              onMouseDown={(e) => {
                e.preventDefault();
                props.onChoose(i);
              }}
            >
              <span className="picker-label">
                <Highlighted label={item.label} positions={item.positions} />
                {item.hint && <span className="picker-hint"> {item.hint}</span>}
              </span>
              {item.detail && <span className="picker-detail">{item.detail}</span>}
              {item.badge && <span className="picker-badge">{item.badge}</span>}
            </li>
          ))}
        </ul>
      )}
      {props.kind === 'file' && (
        <p className="picker-foot">
          {props.truncated ? 'Large folder: only the first 300,000 files are searched. ' : ''}Add <code>#L10-20</code>{' '}
          after a file for just those lines.
        </p>
      )}
      {props.problem && <p className="picker-foot">{props.problem}</p>}
    </div>
  );
}
