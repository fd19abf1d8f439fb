import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';

/** Stop (during a turn) and Send, off while the box is empty or sending is blocked. */
export function SendButtons({
  busy,
  blocked,
  empty,
  hintId,
}: {
  busy: boolean;
  blocked: string | undefined;
  empty: boolean;
  hintId: string;
}) {
  const stop = useDesk((s) => s.stopActiveTurn);
  return (
    <div className="composer-actions">
      {busy && (
        <button type="button" className="btn btn-stop" onClick={() => void stop()} data-testid="stop-button">
          <Icon name="stop" size={14} /> Stop
        </button>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-send"
        disabled={empty || blocked !== undefined}
        aria-label="Send"
        aria-describedby={blocked ? hintId : undefined}
        title={blocked}
        data-testid="send-button"
      >
        <Icon name="send" size={16} />
      </button>
    </div>
  );
}

/** Under the text box: what Enter does now, or why a message cannot go. */
export function ComposerHint({ id, busy, blocked }: { id: string; busy: boolean; blocked: string | undefined }) {
  return (
    <p id={id} className={`composer-hint ${blocked ? 'composer-blocked' : ''}`} data-testid="composer-hint">
      {blocked ??
        `${busy ? 'Enter to queue' : 'Enter to send'} · Shift+Enter for a new line${busy ? ' · Esc to stop' : ''}`}
    </p>
  );
}
