import { memo, useEffect, useRef, useState } from 'react';
import type { ThreadSummary } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { isThreadBusy } from '../../store/turn-selectors';
import { Icon } from '../../ui/icons';
import { relativeTime } from './relative-time';

export interface ThreadItemProps {
  thread: ThreadSummary;
  active: boolean;
  snippet?: string;
  onDelete(thread: ThreadSummary): void;
}

/** One sidebar row: open on click, rename inline (Enter saves, Esc cancels), delete via the parent's dialog. */
export const ThreadItem = memo(function ThreadItem({ thread, active, snippet, onDelete }: ThreadItemProps) {
  const select = useDesk((s) => s.selectThread);
  const rename = useDesk((s) => s.renameThread);
  const busy = useDesk((s) => isThreadBusy(s.inFlight, thread.id));
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(thread.title);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!editing) return;
    input.current?.focus();
    input.current?.select();
  }, [editing]);

  const commit = () => {
    setEditing(false);
    if (draft.trim() && draft.trim() !== thread.title) void rename(thread.id, draft);
  };

  if (editing) {
    return (
      <li className="thread-item editing">
        <input
          ref={input}
          className="thread-rename"
          aria-label="Thread name"
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            else if (e.key === 'Escape') {
              e.stopPropagation();
              setDraft(thread.title);
              setEditing(false);
            }
          }}
        />
      </li>
    );
  }

  return (
    <li className={`thread-item ${active ? 'active' : ''}`} data-testid="thread-item">
      <button
        type="button"
        className="thread-open"
        aria-current={active ? 'page' : undefined}
        onClick={() => void select(thread.id)}
        onDoubleClick={() => {
          setDraft(thread.title);
          setEditing(true);
        }}
      >
        <span className="thread-title-row">
          {busy && <span className="running-dot" data-testid="thread-running" aria-label="Running" role="img" />}
          <span className="thread-title">{thread.title}</span>
          <span className="thread-time">{relativeTime(thread.updatedAt)}</span>
        </span>
        {snippet && <span className="thread-snippet">{snippet}</span>}
      </button>
      <span className="thread-actions">
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label={`Rename ${thread.title}`}
          onClick={() => {
            setDraft(thread.title);
            setEditing(true);
          }}
        >
          <Icon name="pencil" size={14} />
        </button>
        <button type="button" className="btn btn-ghost btn-icon" aria-label={`Delete ${thread.title}`} onClick={() => onDelete(thread)}>
          <Icon name="trash" size={14} />
        </button>
      </span>
    </li>
  );
});
