import path from 'node:path';
import os from 'node:os';

/**
 * Layout of the data directory. Everything the app must keep from the model (settings, the
 * sessions map, a saved key, threads, memories, logs) lives under ONE subtree, `state/`, so the
 * OS wall (core/sandbox) can deny it with a single rule while the default `workspace/` — where the
 * model is meant to work — stays reachable.
 *
 *   <root>/state/        private: settings, claude-code-sessions.json, threads/, memory/, logs/
 *   <root>/workspace/    default project directory for new threads
 */
export interface DataDirLayout {
  root: string;
  stateDir: string;
  workspaceDir: string;
  logsDir: string;
  logFile: string;
  threadsDir: string;
  sessionsFile: string;
  sessionCostsFile: string;
  settingsFile: string;
  memoryFile: string;
}

export const APP_NAME = 'Claude Desk';

export interface DataDirDeps {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  home: string;
}

/**
 * The same default Electron's `app.getPath('userData')` gives for productName "Claude Desk", so the
 * window, browser mode and the command line share threads and settings. `CLAUDE_DESK_DATA_DIR` wins.
 */
export function defaultDataDir({ env, platform, home }: DataDirDeps): string {
  const override = env.CLAUDE_DESK_DATA_DIR;
  if (override) return path.resolve(override);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME);
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_NAME);
}

export function dataDirLayout(root: string): DataDirLayout {
  const stateDir = path.join(root, 'state');
  const logsDir = path.join(stateDir, 'logs');
  return {
    root,
    stateDir,
    workspaceDir: path.join(root, 'workspace'),
    logsDir,
    logFile: path.join(logsDir, 'claude-desk.log'),
    threadsDir: path.join(stateDir, 'threads'),
    sessionsFile: path.join(stateDir, 'claude-code-sessions.json'),
    sessionCostsFile: path.join(stateDir, 'claude-code-session-costs.json'),
    settingsFile: path.join(stateDir, 'claude_code_settings.json'),
    memoryFile: path.join(stateDir, 'memory.json'),
  };
}

export function resolveDataDir(deps: Partial<DataDirDeps> = {}): DataDirLayout {
  return dataDirLayout(
    defaultDataDir({
      env: deps.env ?? process.env,
      platform: deps.platform ?? process.platform,
      home: deps.home ?? os.homedir(),
    }),
  );
}
