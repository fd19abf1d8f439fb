import { ApiKeyField } from '../settings/api-key-field';
import { LoginSteps } from '../settings/login-steps';

/** Shown in place of an error when Claude Code has no credentials: the steps, and a key field. */
export function AuthCard({ message }: { message?: string }) {
  return (
    <section className="auth-card" data-testid="auth-card" aria-label="Log in to Claude">
      <h3>Log in to use Claude</h3>
      {message && <p className="muted">{message}</p>}
      <LoginSteps />
      <p className="auth-or">Or use an API key:</p>
      <ApiKeyField compact />
      <p className="field-hint">Then send your message again.</p>
    </section>
  );
}
