import path from 'node:path';
import { defaultRealPath, resolveRealPath, type RealPathFn } from './real-path.js';

/**
 * The macOS Seatbelt (sandbox-exec) profile for one turn: everything is allowed (the CLI's own
 * tools keep working: project dir, `~/.claude`, network, the loopback MCP server) except reading or
 * writing Claude Desk's private state. This is the seed design (openhuman-claude-code-provider.txt,
 * "Seatbelt jail"), applied to our single `state/` subtree (see core/store/data-dir.ts).
 */
export function seatbeltProfile(privateDirs: readonly string[], realpath: RealPathFn = defaultRealPath): string {
  const lines = ['(version 1)', '(allow default)'];
  for (const dir of seatbeltDenyPaths(privateDirs, realpath)) {
    // Later rules win in SBPL, so the deny overrides `(allow default)`. `subpath` covers the dir
    // itself and everything below it; `file-read*` includes metadata, so even `ls` of it fails.
    lines.push(`(deny file-read* file-write* (subpath ${sbplString(dir)}))`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Every spelling of each private dir a path check may see: as given, with symlinks resolved
 * (Seatbelt matches the resolved vnode path, so the realpath rule is the one that bites; the
 * given one costs nothing), and in both Unicode normalisations (HFS+ stores NFD, APFS keeps what
 * was typed, so a "Café" data dir may be spelled either way).
 */
export function seatbeltDenyPaths(privateDirs: readonly string[], realpath: RealPathFn = defaultRealPath): string[] {
  const out = new Set<string>();
  for (const dir of privateDirs) {
    if (!path.isAbsolute(dir)) throw new Error(`Sandbox: private directory must be absolute: ${JSON.stringify(dir)}`);
    for (const p of [path.resolve(dir), resolveRealPath(dir, realpath)]) {
      out.add(p);
      out.add(p.normalize('NFC'));
      out.add(p.normalize('NFD'));
    }
  }
  return [...out];
}

/**
 * An SBPL (Scheme) string literal. Only `\` and `"` need escaping; spaces and non-ASCII text are
 * kept verbatim (the profile is UTF-8). Control characters are refused rather than escaped:
 * a newline or NUL in a data-dir path is almost certainly a mistake, and a path the rule does not
 * match exactly would silently leave the state readable.
 */
export function sbplString(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we look for
  const bad = /[\u0000-\u001f\u007f]/.exec(value);
  if (bad) {
    const name =
      bad[0] === '\0'
        ? 'a NUL byte'
        : bad[0] === '\n'
          ? 'a newline'
          : `control character U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')}`;
    throw new Error(`Sandbox: cannot put a path containing ${name} into a Seatbelt profile: ${JSON.stringify(value)}`);
  }
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
