import { useDesk } from '../store/store-context';
import './connection-banner.css';

/** Browser mode: while the WebSocket to the host is down, say so; when this page's key is refused, say what to do. */
export function ConnectionBanner() {
  const connection = useDesk((s) => s.connection);
  if (connection === 'online') return null;
  if (connection === 'refused') {
    return (
      <div className="connection-banner connection-refused" role="alert" data-testid="connection-banner">
        This page cannot reach Claude Desk with its key. Open the address <code>claude-desk web</code> printed in its
        terminal (it ends in <code>?token=…</code>); start <code>claude-desk web</code> again if it is not running.
      </div>
    );
  }
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner">
      Reconnecting to Claude Desk…
    </div>
  );
}
