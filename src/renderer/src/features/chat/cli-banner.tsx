import { describeCliStatus } from '../../../../shared/cli-status';
import { useDesk } from '../../store/store-context';

/** A quiet heads-up above the chat when Claude Code is missing or logged out, pointing to Settings. */
export function CliBanner() {
  const overview = useDesk((s) => s.overview);
  const setView = useDesk((s) => s.setView);
  if (!overview) return null;
  let text: string | null = null;
  if (overview.cli.status === 'not_installed' || overview.cli.status === 'outdated')
    text = describeCliStatus(overview.cli);
  else if (overview.cli.status === 'unusable') text = 'Claude Code was found but cannot be run.';
  else if (!overview.auth.loggedIn) text = 'Claude Code is not logged in.';
  if (!text) return null;
  return (
    <div className="cli-banner" role="status" data-testid="cli-banner">
      <span>{text}</span>
      <button type="button" className="btn btn-small" onClick={() => setView('settings')}>
        Fix in Settings
      </button>
    </div>
  );
}
