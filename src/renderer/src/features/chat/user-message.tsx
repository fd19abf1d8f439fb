import { useState } from 'react';
import type { UserMessage } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { Markdown } from '../../ui/markdown';
import { splitAttachedTexts } from '../../../../shared/attached-text';
import { TextAttachments } from '../../ui/text-attachments';
import { useBranches } from './rewind/use-branches';
import './rewind/rewind.css';
import { UserMessageActions, UserMessageEditor } from './message-actions';
import { LazyLoading, lazyPart } from '../../ui/lazy-part';

// A message where the thread branched (after a rewind) and the rewind's dialog (with its file previews) are chunks
// of their own: most threads never rewind.
const BranchMarker = lazyPart(
  () => import('./rewind/branch-marker'),
  (m) => m.BranchMarker,
);
const RewindDialog = lazyPart(
  () => import('./rewind/rewind-dialog'),
  (m) => m.RewindDialog,
  <LazyLoading what="the rewind" dialog />,
);

/**
 * What the person wrote, rendered as markdown the way answers are (code fences, lists, links), with their
 * line breaks kept; attached files and long pastes fold into chips that open on a click.
 */
function UserText({ text, lazy }: { text: string; lazy: boolean }) {
  return (
    <div className="user-text">
      {splitAttachedTexts(text).map((segment, i) =>
        segment.kind === 'text' ? (
          <Markdown key={i} text={segment.text} deferred={lazy} />
        ) : (
          <div key={i} className="user-attached">
            <TextAttachments items={segment.attachments} testId="message-attachment" />
          </div>
        ),
      )}
    </div>
  );
}

export function UserMessageView({
  message,
  previousId,
  lazy = false,
}: {
  message: UserMessage;
  previousId?: string | null;
  /** Its text may render a frame late (message-row.tsx). */
  lazy?: boolean;
}) {
  const threadId = useDesk((s) => s.activeThreadId) ?? undefined;
  const [rewinding, setRewinding] = useState(false);
  const [editing, setEditing] = useState(false);
  // Branches a rewind set aside right here: they shared everything up to the message before this one.
  const here = useBranches(threadId).filter((b) => (b.afterMessageId ?? null) === (previousId ?? null));
  if (message.marker === 'clear') {
    return (
      <div className="session-divider" role="separator" data-testid="clear-divider">
        <span>Fresh session — Claude does not see the messages above</span>
      </div>
    );
  }
  return (
    <>
      {threadId && here.length > 0 && <BranchMarker threadId={threadId} branches={here} />}
      <article className="message message-user" data-testid="user-message" aria-label="You">
        <div className="user-bubble">
          {message.images && message.images.length > 0 && (
            <div className="user-images">
              {message.images.map((img, i) => (
                <span key={i} className="chip">
                  <Icon name="image" size={14} /> {img.name ?? 'image'}
                </span>
              ))}
            </div>
          )}
          {editing ? (
            <UserMessageEditor message={message} onDone={() => setEditing(false)} />
          ) : (
            <UserText text={message.text} lazy={lazy} />
          )}
        </div>
        {threadId && !editing && (
          <div className="user-actions">
            <UserMessageActions message={message} onEdit={() => setEditing(true)} />
            <button
              type="button"
              className="btn btn-ghost btn-small"
              title="Undo what Claude changed since this message, and continue the conversation from here"
              onClick={() => setRewinding(true)}
            >
              Rewind to here
            </button>
          </div>
        )}
        {rewinding && threadId && (
          <RewindDialog threadId={threadId} messageId={message.id} onClose={() => setRewinding(false)} />
        )}
      </article>
    </>
  );
}
