import { useDesk } from '../../store/store-context';
import { ChatHeader } from './chat-header';
import { CliBanner } from './cli-banner';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { TurnAnnouncer } from './turn-announcer';

const SUGGESTIONS = ['Explain this error message', 'Draft a README for my project', 'Review a function for bugs'];

function EmptyState() {
  const send = useDesk((s) => s.sendMessage);
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>What can I help with?</h2>
      <p className="muted">Claude works through the Claude Code CLI on this computer. Your threads stay on this machine.</p>
      <div className="suggestions">
        {SUGGESTIONS.map((s) => (
          <button key={s} type="button" className="btn suggestion" onClick={() => void send(s)}>
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
      ) : (
        <EmptyState />
      )}
      <Composer />
      <TurnAnnouncer />
    </section>
  );
}
