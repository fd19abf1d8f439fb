import { pathApi } from './path-list.js';

/**
 * Where people install Claude Code, most specific first. `npm-prefix` is a placeholder
 * resolved lazily (it costs a process) only when the locations before it came up empty.
 */
export type FallbackEntry = { kind: 'file'; file: string } | { kind: 'npm-prefix' };

export interface LocationContext {
  platform: NodeJS.Platform;
  home: string;
  env: NodeJS.ProcessEnv;
}

/** File names a PATH directory may hold the CLI under. `.cmd` is the npm shim (resolved, never spawned). */
export function binaryNames(platform: NodeJS.Platform): string[] {
  return platform === 'win32' ? ['claude.exe', 'claude.cmd'] : ['claude'];
}

export function fallbackEntries({ platform, home, env }: LocationContext): FallbackEntry[] {
  const p = pathApi(platform);
  const file = (...parts: string[]): FallbackEntry => ({
    kind: 'file',
    file: p.join(...parts),
  });
  if (platform === 'win32') {
    const appData = env.APPDATA ?? p.join(home, 'AppData', 'Roaming');
    const localAppData = env.LOCALAPPDATA ?? p.join(home, 'AppData', 'Local');
    return [
      file(home, '.local', 'bin', 'claude.exe'), // native installer (install.ps1)
      file(appData, 'npm', 'claude.cmd'), // npm's default global prefix
      { kind: 'npm-prefix' },
      file(home, '.bun', 'bin', 'claude.exe'),
      file(localAppData, 'Volta', 'bin', 'claude.exe'),
    ];
  }
  return [
    file(home, '.local', 'bin', 'claude'), // native installer
    file(home, '.claude', 'local', 'claude'), // older native/local installs
    { kind: 'npm-prefix' },
    file(home, '.npm-global', 'bin', 'claude'),
    file(home, '.bun', 'bin', 'claude'),
    file(home, '.volta', 'bin', 'claude'),
    file('/opt/homebrew/bin/claude'),
    file('/usr/local/bin/claude'),
  ];
}

/**
 * The per-user bin directories a terminal would usually have on PATH. When the CLI was found by a
 * fallback, the child gets the existing ones prepended so the CLI's own tools (node, git, rg…) resolve.
 */
export function userBinDirs({ platform, home, env }: LocationContext, npmBinDir: string | null): string[] {
  const p = pathApi(platform);
  const dirs =
    platform === 'win32'
      ? [
          p.join(home, '.local', 'bin'),
          p.join(env.APPDATA ?? p.join(home, 'AppData', 'Roaming'), 'npm'),
          p.join(home, '.bun', 'bin'),
        ]
      : [
          p.join(home, '.local', 'bin'),
          p.join(home, '.npm-global', 'bin'),
          p.join(home, '.bun', 'bin'),
          p.join(home, '.volta', 'bin'),
          '/opt/homebrew/bin',
          '/usr/local/bin',
        ];
  return [...new Set(npmBinDir ? [...dirs.slice(0, 1), npmBinDir, ...dirs.slice(1)] : dirs)];
}
