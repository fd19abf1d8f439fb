import type { AuthStatus } from '../../shared/cli-status.js';
import type { CliCommand } from './find-claude-binary.js';
import { describeFailure, excerpt } from './probe-version.js';
import type { RunCommand } from './run-command.js';

export const AUTH_TIMEOUT_MS = 10_000;

export interface SavedKeyAccess {
  hasSavedApiKey: () => boolean | Promise<boolean>;
  /** The key itself, only to hand to the probe through its environment. */
  readSavedApiKey?: () => Promise<string | null>;
}

export interface ResolveAuthInput extends SavedKeyAccess {
  /** null when no usable CLI was found: the key sources still resolve, the CLI is not asked. */
  command: CliCommand | null;
  run: RunCommand;
  /** The app's environment (PATH already fixed up for the child). */
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

type CliAuth = NonNullable<AuthStatus['cli']>;

/**
 * Which credentials a turn will use, in order: ANTHROPIC_API_KEY in the app's env → the key saved in
 * Settings → the CLI's own login → none. The CLI is asked in every case (with the key the turn would
 * get, passed by env — never argv, never logged) so the doctor shows what it sees.
 */
export async function resolveAuth(input: ResolveAuthInput): Promise<AuthStatus> {
  const envKey = nonEmpty(input.env.ANTHROPIC_API_KEY);
  const saved = !envKey && (await input.hasSavedApiKey());
  const savedKey = saved && input.readSavedApiKey ? nonEmpty(await input.readSavedApiKey()) : undefined;
  const childEnv = savedKey ? { ...input.env, ANTHROPIC_API_KEY: savedKey } : input.env;

  const probe = input.command
    ? await probeAuth(input.command, input.run, childEnv, input.timeoutMs ?? AUTH_TIMEOUT_MS, savedKey ?? envKey)
    : { error: 'Claude Code CLI not found' };

  const base = {
    ...('cli' in probe ? { cli: probe.cli } : {}),
    ...('error' in probe ? { error: probe.error } : {}),
  };
  if (envKey) return { loggedIn: true, method: 'env_api_key', ...base };
  if (saved) return { loggedIn: true, method: 'saved_api_key', ...base };
  if ('cli' in probe && probe.cli.loggedIn) return { loggedIn: true, method: 'cli_login', ...base };
  return { loggedIn: false, method: 'none', ...base };
}

/**
 * `claude auth status --json`. Logged out it prints JSON AND exits 1 (recorded case 04b), so the
 * exit code alone means nothing: parse stdout first, and only call it a failure when that fails.
 */
export async function probeAuth(
  command: CliCommand,
  run: RunCommand,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  secret?: string,
): Promise<{ cli: CliAuth } | { error: string }> {
  const result = await run(command.file, [...command.args, 'auth', 'status', '--json'], { timeoutMs, env });
  const redact = (text: string): string => (secret ? text.split(secret).join('[redacted]') : text);
  if (result.spawnError || result.timedOut) {
    return {
      error: redact(describeFailure(result, timeoutMs, 'auth status') ?? 'failed'),
    };
  }
  const cli = parseAuthJson(result.stdout);
  if (cli) return { cli };
  const failure = describeFailure(result, timeoutMs, 'auth status');
  return {
    error: redact(failure ?? `auth status printed no JSON: ${excerpt(result.stdout) || '(empty)'}`),
  };
}

export function parseAuthJson(stdout: string): CliAuth | null {
  const start = stdout.indexOf('{');
  const end = stdout.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  let value: unknown;
  try {
    value = JSON.parse(stdout.slice(start, end + 1));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.loggedIn !== 'boolean') return null;
  const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
  const cli: CliAuth = { loggedIn: v.loggedIn };
  const authMethod = str(v.authMethod);
  const apiKeySource = str(v.apiKeySource);
  const email = str(v.email);
  if (authMethod) cli.authMethod = authMethod;
  if (apiKeySource) cli.apiKeySource = apiKeySource;
  if (email) cli.email = email;
  return cli;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value && value.trim() !== '' ? value : undefined;
}
