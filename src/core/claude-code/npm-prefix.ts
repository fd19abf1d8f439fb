import type { RunCommand } from './run-command.js';
import { pathApi } from './path-list.js';

export const NPM_PREFIX_TIMEOUT_MS = 5_000;

export type NpmPrefixResult = { ok: true; prefix: string; binDir: string } | { ok: false; reason: string };

/**
 * `npm config get prefix` — where `npm install -g` put `claude`. Run with the widest PATH we know
 * (app + login shell) because a Dock-launched app usually cannot see npm either.
 */
export async function readNpmPrefix(deps: {
  run: RunCommand;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  timeoutMs?: number;
}): Promise<NpmPrefixResult> {
  const limit = deps.timeoutMs ?? NPM_PREFIX_TIMEOUT_MS;
  const result = await deps.run('npm', ['config', 'get', 'prefix'], {
    timeoutMs: limit,
    env: deps.env,
  });
  if (result.spawnError === 'ENOENT') return { ok: false, reason: 'npm not found' };
  if (result.spawnError) return { ok: false, reason: `npm could not start (${result.spawnError})` };
  if (result.timedOut) return { ok: false, reason: `npm timed out after ${limit / 1000} s` };
  if (result.exitCode !== 0)
    return {
      ok: false,
      reason: `npm exited with code ${result.exitCode ?? result.signal}`,
    };
  // npm may print update notices or warnings first; the prefix is the last absolute line.
  const api = pathApi(deps.platform);
  const prefix = result.stdout
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => api.isAbsolute(l))
    .at(-1);
  if (!prefix) return { ok: false, reason: 'npm printed no prefix' };
  // Windows puts global shims in the prefix itself; everywhere else in <prefix>/bin.
  const binDir = deps.platform === 'win32' ? prefix : api.join(prefix, 'bin');
  return { ok: true, prefix, binDir };
}
