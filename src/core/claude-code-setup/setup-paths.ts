import path from 'node:path';
import type { EditableScope, SetupScope } from '../../shared/claude-code-setup';

/** Where Claude Code looks: `CLAUDE_CONFIG_DIR` when set, else `~/.claude` (as core/history reads it). */
export interface SetupRoots {
  home: string;
  configDir: string;
  projectDir?: string;
  platform: NodeJS.Platform;
}

export function setupRoots(env: NodeJS.ProcessEnv, home: string, projectDir?: string): SetupRoots {
  const configDir = env.CLAUDE_CONFIG_DIR ? path.resolve(env.CLAUDE_CONFIG_DIR) : path.join(home, '.claude');
  return { home, configDir, projectDir, platform: process.platform };
}

/** The administrator's settings file (read only; shown when present). */
function managedSettingsPath(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
  if (platform === 'win32') return 'C:\\ProgramData\\ClaudeCode\\managed-settings.json';
  return '/etc/claude-code/managed-settings.json';
}

/** The settings files in Claude Code's order of precedence, lowest first; the project's only with a project. */
export function settingsFilePaths(roots: SetupRoots): { scope: SetupScope; path: string }[] {
  const files: { scope: SetupScope; path: string }[] = [
    { scope: 'user', path: path.join(roots.configDir, 'settings.json') },
  ];
  if (roots.projectDir) {
    files.push({ scope: 'project', path: path.join(roots.projectDir, '.claude', 'settings.json') });
    files.push({ scope: 'local', path: path.join(roots.projectDir, '.claude', 'settings.local.json') });
  }
  files.push({ scope: 'managed', path: managedSettingsPath(roots.platform) });
  return files;
}

/** The file of one editable scope; a project's files need a thread with a project folder. */
export function settingsPathOf(roots: SetupRoots, scope: EditableScope): string {
  const file = settingsFilePaths(roots).find((f) => f.scope === scope);
  if (!file) throw new Error('Open a thread with a project folder to change its project settings.');
  return file.path;
}
