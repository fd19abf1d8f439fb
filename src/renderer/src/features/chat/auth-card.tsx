import type { TurnError } from '../../../../shared/turn-events';
import { ApiKeyField } from '../settings/api-key-field';
import { LoginSteps } from '../settings/login-steps';

const TITLES = {
  env_api_key: 'The ANTHROPIC_API_KEY in the environment was rejected',
  saved_api_key: 'The API key saved in Settings was rejected',
  cli_login: 'Log in to use Claude',
} as const;

/**
 * Shown in place of an error when the turn's credential was missing or rejected: which one, and only the
 * fix that works for it. A key typed here would change nothing while ANTHROPIC_API_KEY is set (it wins).
 */
export function AuthCard({ error }: { error?: TurnError }) {
  const credential = error?.credential ?? 'cli_login';
  return (
    <section className="auth-card" data-testid="auth-card" data-credential={credential} aria-label={TITLES[credential]}>
      <h3>{TITLES[credential]}</h3>
      {error?.message && <p className="muted">{error.message}</p>}
      {credential === 'env_api_key' ? (
        <p data-testid="auth-fix">{error?.hint}</p>
      ) : credential === 'saved_api_key' ? (
        <>
          <p data-testid="auth-fix">{error?.hint}</p>
          <ApiKeyField compact />
          <p className="field-hint">Then send your message again.</p>
        </>
      ) : (
        <>
          <LoginSteps />
          <p className="auth-or">Or use an API key:</p>
          <ApiKeyField compact />
          <p className="field-hint">Then send your message again.</p>
        </>
      )}
    </section>
  );
}
