import { CLI_LOGIN_COMMANDS } from '../../../../shared/cli-status';
import { CommandLine } from '../../ui/copy-button';

/** The exact ways to log Claude Code in, from the shared list (`claude` then `/login`, or `claude setup-token`). */
export function LoginSteps() {
  return (
    <ol className="login-steps" data-testid="login-steps">
      {CLI_LOGIN_COMMANDS.map((c) => (
        <li key={c.command}>
          <div className="login-step-label">{c.label}</div>
          <span className="muted">In a terminal, run</span>
          <CommandLine command={c.command} />
          {c.thenType && (
            <>
              <span className="muted">then type</span> <code>{c.thenType}</code>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
