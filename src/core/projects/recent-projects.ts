import path from 'node:path';
import { MAX_RECENT_PROJECTS, type ProjectFolder } from '../../shared/projects';
import type { CliFolder } from './cli-session-folders';
import { describeFolder } from './folder-facts';

export interface RecentProjectsInput {
  /** Claude Desk's threads' folders (absent = the default workspace, never listed) and when each was last used. */
  threads: { projectDir?: string; updatedAt: number }[];
  /** The CLI's own sessions' folders. */
  terminal: CliFolder[];
  /** Folders never offered: the app's own workspace and data, a thread's own worktree. */
  hidden(dir: string): boolean;
  home?: () => string;
  limit?: number;
}

/** A thread's own worktree (the CLI's `-w` layout, `<repo>/.claude/worktrees/<name>`) is not a project of its own. */
export const isThreadWorktree = (dir: string): boolean =>
  /[/\\]\.claude[/\\]worktrees[/\\][^/\\]+$/.test(path.normalize(dir));

/**
 * The folders a new thread may start in, most recently used first: every folder a thread worked in and every
 * folder a Claude Code session ran in from the terminal, one row per folder with what the picker shows.
 */
export async function recentProjects(input: RecentProjectsInput): Promise<ProjectFolder[]> {
  const seen = new Map<string, { lastUsed: number; seenIn: Set<'threads' | 'terminal'> }>();
  const note = (dir: string, at: number, where: 'threads' | 'terminal') => {
    const key = path.resolve(dir);
    if (input.hidden(key) || isThreadWorktree(key)) return;
    const row = seen.get(key) ?? { lastUsed: 0, seenIn: new Set() };
    row.lastUsed = Math.max(row.lastUsed, at);
    row.seenIn.add(where);
    seen.set(key, row);
  };
  for (const t of input.threads) if (t.projectDir) note(t.projectDir, t.updatedAt, 'threads');
  for (const f of input.terminal) note(f.cwd, f.lastUsed, 'terminal');
  const newest = [...seen.entries()]
    .sort((a, b) => b[1].lastUsed - a[1].lastUsed)
    .slice(0, input.limit ?? MAX_RECENT_PROJECTS);
  return Promise.all(
    newest.map(([dir, row]) =>
      describeFolder(dir, { home: input.home, lastUsed: row.lastUsed, seenIn: [...row.seenIn].sort() }),
    ),
  );
}
