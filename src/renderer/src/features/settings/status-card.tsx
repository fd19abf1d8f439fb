import {
  CLI_INSTALL_COMMANDS,
  CLI_UPGRADE_COMMAND,
  describeCliStatus,
  type AuthStatus,
  type CliSource,
  type SandboxState,
} from '../../../../shared/cli-status';
import { useDesk } from '../../store/store-context';
import { CommandLine } from '../../ui/copy-button';
import { Icon } from '../../ui/icons';
import { ApiKeyField } from './api-key-field';
import { LoginSteps } from './login-steps';

const SOURCE_TEXT: Record<CliSource, string> = {
  override: 'set by CLAUDE_DESK_CLI',
  path: 'found on PATH',
  'login-shell': "found on your login shell's PATH",
  fallback: 'found in a usual install location',
};

const AUTH_TEXT: Record<AuthStatus['method'], string> = {
  env_api_key: 'API key from ANTHROPIC_API_KEY',
  saved_api_key: 'API key saved in Claude Desk',
  cli_login: 'Claude Code login',
  none: 'Not logged in',
};

/** The wall as a sentence a person reads; the raw detail (which folders, which binary) is in Diagnostics. */
export function sandboxSentence(sandbox: SandboxState): string {
  if (sandbox.kind === 'seatbelt') return "macOS Seatbelt keeps Claude Code out of Claude Desk's private folder.";
  if (sandbox.kind === 'bubblewrap') return "Bubblewrap hides Claude Desk's private folder from Claude Code.";
  return `No sandbox: Claude Code can read Claude Desk's private folder (${sandbox.reason}).`;
}

function AuthLine({ auth }: { auth: AuthStatus }) {
  if (!auth.loggedIn) return null;
  const who = auth.cli?.email ? ` (${auth.cli.email})` : '';
  return (
    <div className="status-row">
      <span className="status-key">Signed in with</span>
      <span data-testid="auth-method">
        {AUTH_TEXT[auth.method]}
        {who}
      </span>
    </div>
  );
}

/** Claude Code on this machine: what was found, whether it can be used, and exactly what to do if not. */
export function StatusCard() {
  const overview = useDesk((s) => s.overview);
  const error = useDesk((s) => s.statusError);
  const checking = useDesk((s) => s.checking);
  const recheck = useDesk((s) => s.loadStatus);
  const cli = overview?.cli;
  const tone = !cli
    ? 'muted'
    : cli.status === 'ok' && overview.auth.loggedIn
      ? 'ok'
      : cli.status === 'ok'
        ? 'warn'
        : 'bad';

  return (
    <section
      className={`card status-card status-${tone}`}
      aria-labelledby="status-title"
      data-testid="status-card"
      data-status={cli?.status ?? 'unknown'}
    >
      <div className="card-head">
        <h2 id="status-title">Claude Code</h2>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void recheck(true)}
          disabled={checking}
          data-testid="recheck"
        >
          {checking ? 'Checking…' : 'Recheck'}
        </button>
      </div>
      {!overview && (error ? <p role="alert">Could not check: {error}</p> : <p className="muted">Checking…</p>)}
      {cli?.status === 'ok' && (
        <>
          <p className="status-headline">
            <span className="status-dot ok" aria-hidden="true" /> Ready — version{' '}
            <strong data-testid="cli-version">{cli.version}</strong>
          </p>
          <div className="status-row">
            <span className="status-key">Path</span>
            <code>{cli.path}</code>
          </div>
          <div className="status-row">
            <span className="status-key">Source</span>
            <span>{SOURCE_TEXT[cli.source]}</span>
          </div>
        </>
      )}
      {cli?.status === 'outdated' && (
        <>
          <p className="status-headline">
            <span className="status-dot bad" aria-hidden="true" /> {describeCliStatus(cli)}
          </p>
          <div className="status-row">
            <span className="status-key">Path</span>
            <code>{cli.path}</code>
          </div>
          <p>{CLI_UPGRADE_COMMAND.label}:</p>
          <CommandLine command={CLI_UPGRADE_COMMAND.command} testId="upgrade-command" />
        </>
      )}
      {cli?.status === 'not_installed' && (
        <>
          <p className="status-headline">
            <span className="status-dot bad" aria-hidden="true" /> {describeCliStatus(cli)}
          </p>
          <p>Install it with one of these, then press Recheck:</p>
          <ul className="install-list">
            {CLI_INSTALL_COMMANDS.map((c) => (
              <li key={c.label}>
                <span className="install-label">{c.label}</span>
                <CommandLine command={c.command} testId="install-command" />
              </li>
            ))}
          </ul>
        </>
      )}
      {cli?.status === 'unusable' && (
        <>
          <p className="status-headline">
            <span className="status-dot bad" aria-hidden="true" /> Found, but it cannot be used.
          </p>
          <div className="status-row">
            <span className="status-key">Path</span>
            <code>{cli.path}</code>
          </div>
          <div className="status-row">
            <span className="status-key">Reason</span>
            <span data-testid="unusable-reason">{cli.reason}</span>
          </div>
        </>
      )}
      {overview && <AuthLine auth={overview.auth} />}
      {overview && !overview.auth.loggedIn && cli?.status === 'ok' && (
        <div className="status-login" data-testid="logged-out">
          <p className="status-headline">
            <span className="status-dot warn" aria-hidden="true" /> Not logged in
            {overview.auth.error ? ` (${overview.auth.error})` : ''}. Log in:
          </p>
          <LoginSteps />
          <ApiKeyField />
        </div>
      )}
      {overview && (
        <p className="sandbox-line" data-testid="sandbox-line">
          <Icon name="shield" size={14} /> {sandboxSentence(overview.sandbox)}
        </p>
      )}
    </section>
  );
}
