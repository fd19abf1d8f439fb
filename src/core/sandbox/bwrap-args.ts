import path from 'node:path';

/**
 * The bubblewrap command line for one turn. Everything outside the private dirs is the real
 * filesystem (project dir, `~/.claude`, the CLI binary, scratch files in the temp dir), the network
 * is shared (the loopback MCP server and the API stay reachable), and each private dir is covered by
 * an empty, read-only tmpfs: the CLI's tools see an empty directory and any write fails loudly
 * (EROFS) instead of landing somewhere.
 *
 * Choices, measured with bubblewrap 0.8 on Linux 6.x:
 * - `--cap-drop ALL`: when bwrap runs as root (containers, CI) it keeps every capability, and the
 *   walled command could simply `umount` the tmpfs and read the state. Unprivileged bwrap already
 *   drops them; the flag is accepted there too. Nested `unshare -Urm` cannot peel the tmpfs off
 *   either: mounts inherited into a less privileged namespace are locked.
 * - `--die-with-parent`: if Claude Desk dies, the CLI dies with it (no orphaned turns).
 * - NOT `--new-session`: it calls setsid(), which only matters for TIOCSTI keystroke injection
 *   into a controlling terminal (our turns run on pipes). It would move the CLI out of bwrap's
 *   process group, so signalling the group (`kill(-pid)`) would no longer reach the CLI and it
 *   could not shut down gracefully.
 * - NOT `--unshare-pid`: the CLI keys per-process files by pid (`<tmp>/cc-socks/<pid>.sock`,
 *   `~/.claude/sessions`), and every walled CLI would be pid 2 in its own namespace, so
 *   concurrent turns would collide. What a pid namespace would have given — every process of the
 *   turn dies with it — comes instead from the process tag (core/process-sweep.ts): bwrap passes the
 *   environment through, so the CLI's Bash tools (process groups of their own, which `--die-with-parent`
 *   does not reach) carry the tag and are swept when the CLI exits, or by the orphan reaper when the
 *   app itself is killed.
 * - Signals: bwrap does not forward them. SIGTERM to the bwrap pid ends bwrap, and
 *   `--die-with-parent` then SIGKILLs the CLI. Closing stdin (the CLI exits at EOF, recorded
 *   case 11b) or signalling the process group remains the graceful way to stop a turn.
 */
export function bwrapArgs(privateDirs: readonly string[], file: string, args: readonly string[]): string[] {
  const wall: string[] = [];
  for (const dir of uniqueDirs(privateDirs)) {
    // bwrap treats what follows an option as a path, so a dir starting with "-" would be fine, but
    // a relative one would be resolved against bwrap's cwd; insist on absolute paths.
    wall.push('--tmpfs', dir, '--remount-ro', dir);
  }
  // After `--` bwrap stops parsing: the CLI's argv (empty strings, spaces, quotes, leading dashes)
  // reaches execvp byte for byte, since nothing here goes through a shell.
  return ['--dev-bind', '/', '/', ...wall, '--cap-drop', 'ALL', '--die-with-parent', '--', file, ...args];
}

/** Absolute, normalised, without duplicates, and without dirs already covered by a parent in the list. */
function uniqueDirs(dirs: readonly string[]): string[] {
  const resolved = dirs.map((d) => {
    if (!path.isAbsolute(d)) throw new Error(`Sandbox: private directory must be absolute: ${JSON.stringify(d)}`);
    if (d.includes('\0')) throw new Error(`Sandbox: private directory contains a NUL byte: ${JSON.stringify(d)}`);
    const abs = path.resolve(d);
    if (abs === path.parse(abs).root) throw new Error('Sandbox: refusing to hide the whole filesystem');
    return abs;
  });
  const sorted = [...new Set(resolved)].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const d of sorted) {
    // A tmpfs over a parent already hides the child, and mounting on the child would first
    // create it inside the read-only tmpfs, which fails.
    if (!kept.some((k) => d.startsWith(`${k}${path.sep}`))) kept.push(d);
  }
  return kept;
}
