import { useState } from 'react';
import type { AssistantMessage, ChatMessage } from '../../../../shared/threads';
import { useDesk, useDeskStore } from '../../store/store-context';
import { summaryRequest } from './summary-request';

/**
 * A turn refused because the conversation no longer fits the model's context window (recorded cases 57, 57b).
 * Retry is not offered: the same conversation is refused again. What can help is Compact (the CLI's /compact, as
 * the context meter runs it) or a new thread whose first message asks for a summary of this one.
 */
export function ContextTooLong({ message }: { message: AssistantMessage }) {
  const store = useDeskStore();
  const sendMessage = useDesk((s) => s.sendMessage);
  const createThread = useDesk((s) => s.createThread);
  const setDraft = useDesk((s) => s.setDraft);
  const [busy, setBusy] = useState(false);
  const err = message.error;

  const newThreadWithSummary = async () => {
    const { activeThreadId, threads, messageIds, messages } = store.getState();
    const title = threads.find((t) => t.id === activeThreadId)?.title ?? 'Earlier thread';
    const upTo = messageIds.indexOf(message.id);
    const earlier = (upTo < 0 ? messageIds : messageIds.slice(0, upTo))
      .map((id) => messages[id])
      .filter((m): m is ChatMessage => m !== undefined);
    setBusy(true);
    try {
      const thread = await createThread();
      // Left in the composer, not sent: the user reads what the new thread starts with.
      if (thread) setDraft(thread.id, summaryRequest(title, earlier));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="turn-state state-failed turn-failed-stacked"
      role="alert"
      data-testid="turn-failed"
      data-kind="context_too_long"
    >
      <div className="turn-error-text">
        <strong>{err?.message}</strong>
        {message.compacted?.trigger === 'auto' && (
          // Its own compaction keeps the latest messages whole (recorded case 57b), so compacting again rarely helps.
          <div>
            Claude Code already compacted it by itself and tried again; it still does not fit, so a new thread with a
            summary is the surer way.
          </div>
        )}
        {err?.detail && <div className="turn-error-hint">Claude Code says: {err.detail}</div>}
        {err?.hint && <div className="turn-error-hint">{err.hint}</div>}
      </div>
      <div className="turn-error-actions">
        <button type="button" className="btn btn-small" onClick={() => void sendMessage('/compact')}>
          Compact
        </button>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void newThreadWithSummary()}>
          New thread with a summary
        </button>
      </div>
    </div>
  );
}
