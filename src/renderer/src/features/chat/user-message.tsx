import type { UserMessage } from '../../../../shared/threads';
import { Icon } from '../../ui/icons';

/** What the person wrote, as written (no markdown: it is their text, not a rendering of it). */
export function UserMessageView({ message }: { message: UserMessage }) {
  if (message.marker === 'clear') {
    return (
      <div className="session-divider" role="separator" data-testid="clear-divider">
        <span>Fresh session — Claude does not see the messages above</span>
      </div>
    );
  }
  return (
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
        <div className="user-text">{message.text}</div>
      </div>
    </article>
  );
}
