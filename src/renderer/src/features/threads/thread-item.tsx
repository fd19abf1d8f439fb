import { memo, useEffect, useRef, useState } from 'react';
import type { ThreadSummary } from '../../../../shared/threads';
import { useDeskStore } from '../../store/store-context';
import { RowAction } from '../../ui/row-action';
import { PulseDot } from '../../ui/pulse-dot';
import { relativeTime } from '../../ui/relative-time';
import { slotProps, type RowSlot } from './thread-rows';
import { Highlight } from '../history/highlight';
import { THREAD_DRAG_TYPE } from '../../store/panes-slice';

export interface ThreadItemProps {
  thread: ThreadSummary;
  active: boolean;
  snippet?: string;
  /** The search that found the row: its words are marked in the snippet. */
  query?: string;
  /** The one row reached with Tab (roving tabindex); arrows move between rows. */
  tabbable: boolean;
  /** Id of the hint naming the row's keys (F2 rename, Delete). */
  keysHintId: string;
  /** A turn of this thread is queued, running or waiting (the list works it out once for every row). */
  busy: boolean;
  /** Its place in the virtualized list. */
  slot?: RowSlot;
  onDelete(thread: ThreadSummary): void;
  onFocusRow(threadId: string): void;
}

/**
 * One sidebar row: open on click or Enter, rename inline (double-click, the pencil, or F2; Enter saves,
 * Esc cancels), delete via the parent's dialog (the bin, or Delete). One tab stop per row: the hover
 * buttons are for the mouse, the keys for the keyboard.
 */
export const ThreadItem = memo(function ThreadItem({
  thread,
  active,
  snippet,
  query,
  tabbable,
  keysHintId,
  busy,
  slot,
  onDelete,
  onFocusRow,
}: ThreadItemProps) {
  // No subscription per row: with 1,000 threads, 1,000 selectors would run on every streamed delta.
  const store = useDeskStore();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(thread.title);
  const input = useRef<HTMLInputElement>(null);
  const open = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (editing) {
      input.current?.focus();
      input.current?.select();
    } else if (refocus.current) {
      // Back on the row after renaming from the keyboard, not lost on the page.
      refocus.current = false;
      open.current?.focus();
    }
  }, [editing]);

  const pin = () => void store.getState().pinThread(thread.id, !thread.pinned);
  const startRename = () => {
    setDraft(thread.title);
    setEditing(true);
  };
  const stopEditing = () => {
    refocus.current = input.current === document.activeElement;
    setEditing(false);
  };
  const commit = () => {
    stopEditing();
    if (draft.trim() && draft.trim() !== thread.title) void store.getState().renameThread(thread.id, draft);
  };

  if (editing) {
    return (
      <li className="thread-item editing" {...slotProps(slot)}>
        <input
          ref={input}
          className="thread-rename"
          aria-label="Thread name"
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Focus returns to the row button: without this, the same Enter would also press (open) it.
              e.preventDefault();
              commit();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setDraft(thread.title);
              stopEditing();
            }
          }}
        />
      </li>
    );
  }

  return (
    <li className={`thread-item ${active ? 'active' : ''}`} data-testid="thread-item" {...slotProps(slot)}>
      <button
        ref={open}
        type="button"
        className="thread-open"
        data-thread-id={thread.id}
        tabIndex={tabbable ? 0 : -1}
        aria-current={active ? 'page' : undefined}
        aria-describedby={keysHintId}
        aria-keyshortcuts={'P F2 Delete Control+\\'}
        draggable
        onDragStart={(e) => {
          e.dataTransfer.setData(THREAD_DRAG_TYPE, thread.id);
          e.dataTransfer.effectAllowed = 'copy';
        }}
        onClick={(e) => {
          // Ctrl/Cmd+click (or Ctrl/Cmd+Enter) opens the thread in a new tab, as a link would; in the desktop app, in
          // a new window.
          if (e.ctrlKey || e.metaKey) void store.getState().openInNewWindow(thread.id);
          else store.getState().openInFocusedPane(thread.id);
        }}
        onAuxClick={(e) => {
          if (e.button === 1) void store.getState().openInNewWindow(thread.id);
        }}
        onFocus={() => onFocusRow(thread.id)}
        onDoubleClick={startRename}
        onKeyDown={(e) => {
          if ((e.key === 'p' || e.key === 'P') && !e.ctrlKey && !e.metaKey && !e.altKey) {
            e.preventDefault();
            pin();
          } else if (e.key === 'F2') {
            e.preventDefault();
            startRename();
          } else if (e.key === 'Delete') {
            e.preventDefault();
            onDelete(thread);
          }
        }}
      >
        <span className="thread-title-row">
          {busy && <PulseDot className="running-dot" testId="thread-running" label="Running" />}
          <span className="thread-title">{thread.title}</span>
          <span className="thread-time">{relativeTime(thread.updatedAt)}</span>
        </span>
        {snippet && (
          <span className="thread-snippet" data-testid="thread-snippet">
            <Highlight text={snippet} query={query ?? ''} />
          </span>
        )}
      </button>
      <span className="thread-actions">
        <RowAction
          icon="pin"
          label={thread.pinned ? `Unpin ${thread.title}` : `Pin ${thread.title}`}
          title={thread.pinned ? 'Unpin (P)' : 'Pin to the top (P)'}
          pressed={Boolean(thread.pinned)}
          onClick={pin}
        />
        <RowAction
          icon="split"
          label={`Open ${thread.title} beside`}
          title={'Open beside (Ctrl+\\, or drag to the right edge)'}
          onClick={() => store.getState().openBeside(thread.id)}
        />
        <RowAction icon="pencil" label={`Rename ${thread.title}`} onClick={startRename} />
        <RowAction icon="trash" label={`Delete ${thread.title}`} onClick={() => onDelete(thread)} />
      </span>
    </li>
  );
});
