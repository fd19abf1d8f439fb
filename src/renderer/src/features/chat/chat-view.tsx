import { useDesk } from '../../store/store-context';
import { ChatHeader, placePending } from './chat-header';
import { CliBanner } from './cli-banner';
import { Composer, focusComposer } from '../composer/composer';
import { SharedFolderNote } from '../worktree/shared-folder-note';
import { WorktreeGone } from '../worktree/worktree-gone';
import { WorktreeImpossible } from '../worktree/worktree-impossible';
import { MessageList } from './message-list';
import { TurnAnnouncer } from './turn-announcer';
import { ProjectPicker } from '../projects/project-picker';
import './chat.css';

const SUGGESTIONS = ['Explain this error message', 'Draft a README for my project', 'Review a function for bugs'];

/** A suggestion is a start, not a message: it fills the composer for the person to finish, then send. */
function EmptyState() {
  const threadId = useDesk((s) => s.activeThreadId);
  const setDraft = useDesk((s) => s.setDraft);
  const thread = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId));
  return (
    <div className="empty-state" data-testid="empty-state">
      {/* Projects first, from the first launch: where Claude works is the first question (its heading the page's). */}
      <ProjectPicker thread={thread} onChosen={focusComposer} note={<WorktreeImpossible />} />
      <p className="muted">
        Claude works through the Claude Code CLI on this computer. Your threads stay on this machine.
      </p>
      <div className="suggestions">
        {SUGGESTIONS.map((s) => (
          <button
            key={s}
            type="button"
            className="btn suggestion"
            onClick={() => {
              setDraft(threadId, `${s}: `);
              focusComposer();
            }}
          >
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}

export function ChatView() {
  const hasMessages = useDesk((s) => s.messageIds.length > 0);
  const loading = useDesk((s) => s.threadLoading);
  const pending = useDesk(placePending);
  return (
    <section className="chat-view" aria-label="Chat">
      <ChatHeader />
      <CliBanner />
      {hasMessages ? (
        <MessageList />
      ) : loading ? (
        <div className="chat-loading" role="status">
          Loading…
        </div>
      ) : pending ? (
        <div className="chat-loading" aria-busy="true" data-testid="chat-pending" />
      ) : (
        <EmptyState />
      )}
      <SharedFolderNote />
      <WorktreeGone />
      <Composer />
      <TurnAnnouncer />
    </section>
  );
}
