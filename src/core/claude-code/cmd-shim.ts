import path from 'node:path';

/**
 * npm on Windows installs `%APPDATA%\npm\claude.cmd`, a batch file. Node refuses to spawn `.cmd`
 * files without a shell (EINVAL since the 2024 batch-file fix), and going through cmd.exe mangles
 * arguments, so we read the shim and run what it runs instead.
 */
export interface ShimTarget {
  /** The script or executable the shim hands `%*` to, made absolute. */
  target: string;
  /**
   * Interpreters to try, best first, when the target is a script (`<shim dir>\node.exe`, then `node`
   * from PATH). Empty when the target is itself an executable.
   */
  interpreters: string[];
}

/** `%dp0%` (npm ≥ 7) or `%~dp0` (older npm, pnpm, yarn): the shim's own directory. */
const hasDp0 = (s: string): boolean => /%~?dp0%?/i.test(s);
const fromDp0 = (raw: string, shimDir: string): string =>
  path.win32.normalize(raw.replace(/%~?dp0%?\\?/gi, `${shimDir}\\`));

/**
 * Parse the text of a cmd-shim (npm's current and older formats). Returns null when the line that
 * forwards `%*` names no target.
 */
export function parseCmdShim(text: string, shimDir: string): ShimTarget | null {
  const lines = text.split(/\r?\n/);
  const runLines = lines.filter((line) => line.includes('%*'));
  // Older shims have two run lines (node.exe beside the shim, then node on PATH); both name the same target.
  const lastRun = runLines.at(-1);
  if (!lastRun) return null;
  // Usually relative to the shim (`%dp0%`); hand-written wrappers may name an absolute path instead.
  const quoted = quotedStrings(lastRun).filter((q) => q !== '%_prog%');
  const rawTarget = quoted.filter(hasDp0).at(-1) ?? quoted.filter((q) => path.win32.isAbsolute(q)).at(-1);
  if (!rawTarget) return null;
  const target = fromDp0(rawTarget, shimDir);
  if (/\.(exe|com)$/i.test(target)) return { target, interpreters: [] };

  const programs: string[] = [];
  if (lastRun.includes('%_prog%')) {
    // npm ≥ 7: IF EXIST "%dp0%\node.exe" ( SET "_prog=%dp0%\node.exe" ) ELSE ( SET "_prog=node" )
    for (const m of text.matchAll(/SET\s+"_prog=([^"]+)"/gi)) programs.push(m[1] ?? '');
  } else {
    // npm 6: `"%~dp0\node.exe"  "%~dp0\…\cli.js" %*`, then `node  "%~dp0\…\cli.js" %*`.
    for (const line of runLines) {
      const first = /^@?\s*(?:"([^"]*)"|(\S+))/.exec(line.trim());
      const prog = first?.[1] ?? first?.[2];
      if (prog && prog !== rawTarget) programs.push(prog);
    }
  }
  const interpreters = programs.filter(Boolean).map((p) => (hasDp0(p) ? fromDp0(p, shimDir) : p));
  return { target, interpreters: [...new Set(interpreters)] };
}

function quotedStrings(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '');
}
