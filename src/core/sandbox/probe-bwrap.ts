import { runToEnd } from '../process-runner';

export type ProbeResult = { ok: true } | { ok: false; detail: string };

/** Runs bwrap with the given argv and reports whether it exited 0. Injected so tests can fake it. */
export type ProbeRunner = (bwrapPath: string, args: readonly string[]) => Promise<ProbeResult>;

/**
 * bwrap may be installed yet unable to work: unprivileged user namespaces disabled by sysctl
 * (`kernel.unprivileged_userns_clone=0`), AppArmor's userns restriction (Ubuntu 24.04+ without
 * bwrap's profile), or a container without the needed privileges. A walled `true` tells us for
 * sure, with bwrap's own message for the status card.
 */
export const probeBwrap: ProbeRunner = async (bwrapPath, args) => {
  const r = await runToEnd(bwrapPath, args, { timeoutMs: 10_000 });
  if (r.exitCode === 0) return { ok: true };
  const firstLine = r.stderr.toString('utf8').trim().split('\n')[0]?.trim();
  return { ok: false, detail: firstLine || why(bwrapPath, args, r) };
};

/** bwrap said nothing: why it failed, in the words node's execFile used. */
function why(bwrapPath: string, args: readonly string[], r: { spawnError?: string; signal?: string }): string {
  if (r.spawnError) return `spawn ${bwrapPath} ${r.spawnError}`;
  return `Command failed: ${[bwrapPath, ...args].join(' ')}${r.signal ? ` (${r.signal})` : ''}`;
}
