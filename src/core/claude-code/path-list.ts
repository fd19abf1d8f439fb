import path from 'node:path';

/** PATH helpers that follow the injected platform, not the one the tests happen to run on. */

export function pathApi(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

export function pathDelimiter(platform: NodeJS.Platform): string {
  return platform === 'win32' ? ';' : ':';
}

/** Windows spells it `Path`; environment names are case-insensitive there. */
export function pathKey(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  if (platform !== 'win32') return 'PATH';
  return Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
}

export function readPathVar(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  return env[pathKey(env, platform)] ?? '';
}

/** Absolute entries only, in order, without repeats ("" and "." would search the working directory). */
export function splitPathList(value: string, platform: NodeJS.Platform): string[] {
  const api = pathApi(platform);
  const entries = value
    .split(pathDelimiter(platform))
    .map((entry) => entry.trim().replace(/^"(.*)"$/, '$1'))
    .filter((entry) => entry !== '' && api.isAbsolute(entry));
  return [...new Set(entries)];
}

/**
 * `prepend` + the inherited entries (order kept) + `append`, first occurrence wins. Inherited entries
 * always stay: a turn's tools (git, node, …) may rely on them.
 */
export function mergePathList(
  base: string,
  additions: { prepend: readonly string[]; append: readonly string[] },
  platform: NodeJS.Platform,
): string {
  const delimiter = pathDelimiter(platform);
  const inherited = base.split(delimiter).filter((e) => e !== '');
  const all = [...additions.prepend, ...inherited, ...additions.append];
  return [...new Set(all)].join(delimiter);
}
