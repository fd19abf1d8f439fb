import { useEffect, useRef, useState } from 'react';
import type { MessageQueueState, QueuedMessage } from '../../../../shared/message-queue';
import { foldedSummary } from '../../../../shared/attached-text';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { atLabel } from '../../ui/reset-time';
import './queue.css';

const EMPTY: QueuedMessage[] = [];

/** What the queue is waiting for, in words. */
function headline(state: MessageQueueState | undefined, busy: boolean): string {
  const n = state?.items.length ?? 0;
  const what = n === 1 ? '1 message queued' : `${n} messages queued`;
  if (state?.problem) return `${what} · not sent: ${state.problem}`;
  switch (state?.hold) {
    case 'failed':
      return `${what} · the turn failed, so nothing was sent: Send now when you are ready`;
    case 'stopped':
      return `${what} · the turn was stopped: Send now, edit or remove`;
    case 'idle':
      return `${what} · waiting for you: Send now`;
    case 'limit':
      // The host sends them by itself after the plan limit's reset (app/turns/plan-limit-gate.ts).
      return `${what} · plan limit reached: ${n === 1 ? 'it goes' : 'they go'} ${
        state.resumesAt !== undefined ? `${atLabel(state.resumesAt, Date.now())}, ` : ''
      }after the reset`;
    default:
      return busy ? `${what} · sent in order when Claude finishes` : what;
  }
}

/**
 * The thread's queued messages, just above the text box: each can be edited in place, removed, or
 * sent now (which stops the running turn). The host keeps them, so they survive a reload.
 */
export function QueuedMessages({ busy }: { busy: boolean }) {
  const state = useDesk((s) => (s.activeThreadId ? s.queues[s.activeThreadId] : undefined));
  const items = state?.items ?? EMPTY;
  const [editing, setEditing] = useState<string | null>(null);
  const edit = useDesk((s) => s.editQueued);
  const remove = useDesk((s) => s.removeQueued);
  const sendNow = useDesk((s) => s.sendQueuedNow);
  if (items.length === 0) return null;
  const held = Boolean(state?.hold || state?.problem);
  return (
    <section className={`queue ${held ? 'held' : ''}`} aria-label="Queued messages" data-testid="message-queue">
      <p className="queue-head" role="status">
        <Icon name={held ? 'alert' : 'history'} size={13} /> {headline(state, busy)}
      </p>
      <ol className="queue-list">
        {items.map((m, i) =>
          editing === m.id ? (
            <QueuedEditor
              key={m.id}
              message={m}
              onDone={(text) => {
                if (text === null) setEditing(null);
                // editQueued never rejects: a refused edit is a notice, and the editor stays open.
                else void edit(m.id, text).then((saved) => saved && setEditing(null));
              }}
            />
          ) : (
            <li key={m.id} className="queued" data-testid="queued-message">
              <span className="queued-index" aria-hidden="true">
                {i + 1}
              </span>
              <span className="queued-text" title={foldedSummary(m.text)}>
                {foldedSummary(m.text) || <em>(images only)</em>}
              </span>
              {m.images?.map((img, j) => (
                <span key={j} className="chip">
                  <Icon name="image" size={12} /> {img.name ?? 'image'}
                </span>
              ))}
              <span className="queued-actions">
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => void sendNow(m.id)}
                  title={busy ? 'Stop the running turn and send this now' : 'Send this now'}
                >
                  <Icon name="send" size={12} /> Send now
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-icon"
                  aria-label={`Edit queued message ${i + 1}`}
                  title="Edit"
                  onClick={() => setEditing(m.id)}
                >
                  <Icon name="pencil" size={13} />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-icon"
                  aria-label={`Remove queued message ${i + 1}`}
                  title="Remove"
                  onClick={() => void remove(m.id)}
                >
                  <Icon name="x" size={13} />
                </button>
              </span>
            </li>
          ),
        )}
      </ol>
    </section>
  );
}

/** In-place edit: Enter saves, Shift+Enter is a new line, Esc cancels (the queued text stays as it was). */
function QueuedEditor({ message, onDone }: { message: QueuedMessage; onDone: (text: string | null) => void }) {
  const [text, setText] = useState(message.text);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = box.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);
  return (
    <li className="queued editing" data-testid="queued-message">
      <textarea
        ref={box}
        className="queued-edit"
        aria-label="Edit queued message"
        rows={Math.min(6, text.split('\n').length)}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation(); // Esc here cancels the edit, never stops the running turn
            onDone(null);
          } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onDone(text);
          }
        }}
      />
      <span className="queued-actions">
        <button type="button" className="btn btn-small btn-primary" onClick={() => onDone(text)}>
          Save
        </button>
        <button type="button" className="btn btn-small btn-ghost" onClick={() => onDone(null)}>
          Cancel
        </button>
      </span>
    </li>
  );
}
