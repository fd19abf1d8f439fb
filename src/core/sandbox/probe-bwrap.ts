import { execFile } from 'node:child_process';

export type ProbeResult = { ok: true } | { ok: false; detail: string };

/** Runs bwrap with the given argv and reports whether it exited 0. Injected so tests can fake it. */
export type ProbeRunner = (bwrapPath: string, args: readonly string[]) => Promise<ProbeResult>;

/**
 * bwrap may be installed yet unable to work: unprivileged user namespaces disabled by sysctl
 * (`kernel.unprivileged_userns_clone=0`), AppArmor's userns restriction (Ubuntu 24.04+ without
 * bwrap's profile), or a container without the needed privileges. A walled `true` tells us for
 * sure, with bwrap's own message for the status card.
 */
export const probeBwrapWithExecFile: ProbeRunner = (bwrapPath, args) =>
  new Promise((resolve) => {
    execFile(bwrapPath, [...args], { timeout: 10_000, windowsHide: true }, (error, _stdout, stderr) => {
      if (!error) return resolve({ ok: true });
      const firstLine = String(stderr).trim().split('\n')[0]?.trim();
      resolve({ ok: false, detail: firstLine || error.message });
    });
  });
