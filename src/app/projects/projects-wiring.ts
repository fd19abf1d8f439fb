import os from 'node:os';
import type { DeskHandlers } from '../../shared/contract';
import { cliProjectsDir } from '../../core/history/cli-projects-dir';
import { isInside } from '../../core/path-inside';
import { CliSessionFolders } from '../../core/projects/cli-session-folders';
import { completeFolder } from '../../core/projects/complete-folder';
import { describeFolder } from '../../core/projects/folder-facts';
import { recentProjects } from '../../core/projects/recent-projects';
import type { ThreadsStore } from '../../core/store/threads-store';
import type { DeskFoundation } from '../settings/desk-foundation';
import type { ProjectFolder } from '../../shared/projects';
import type { ProjectWorktreeChoices } from '../worktree/project-worktrees';

type ProjectHandlers = Pick<
  DeskHandlers,
  'listRecentProjects' | 'describeFolder' | 'completeFolder' | 'setProjectWorktrees'
>;

/**
 * Projects: where a new thread may work. Recent folders come from Claude Desk's threads and from the CLI's own
 * sessions under `~/.claude/projects` (so a folder used only from the terminal is offered too); one folder can be
 * described (exists? readable? git, which branch?) and, for browser mode's path field, completed.
 */
export function wireProjects(
  f: Pick<DeskFoundation, 'env' | 'layout'>,
  threads: Pick<ThreadsStore, 'list'>,
  choices: Pick<ProjectWorktreeChoices, 'of' | 'set'>,
) {
  // The CLI's folder follows the app's env (CLAUDE_CONFIG_DIR, HOME), as the History does.
  const terminal = new CliSessionFolders(cliProjectsDir(f.env));
  const home = () => f.env.HOME || f.env.USERPROFILE || os.homedir();
  // The app's own folders are not projects: the default workspace is the "Plain chat" choice, the data dir private.
  const hidden = (dir: string) => isInside(f.layout.stateDir, dir) || isInside(f.layout.workspaceDir, dir);
  const handlers: ProjectHandlers = {
    listRecentProjects: async () =>
      recentProjects({
        threads: (await threads.list()).map((t) => ({ projectDir: t.settings.projectDir, updatedAt: t.updatedAt })),
        terminal: await terminal.list(),
        hidden,
        home,
      }),
    describeFolder: async ({ path }) => withChoice(await describeFolder(path, { home })),
    setProjectWorktrees: async ({ path, choice }) => {
      const folder = await describeFolder(path, { home });
      if (folder.state !== 'ok') throw new Error(folder.problem);
      if (!folder.git) throw new Error(`${folder.path} is not in a git repository: its threads have no worktrees.`);
      await choices.set(folder.path, choice);
      return withChoice(folder);
    },
    completeFolder: async ({ prefix, limit }) => completeFolder(prefix, { home, limit }),
  };
  // A git folder says its own worktree switch, when it has one.
  async function withChoice(folder: ProjectFolder): Promise<ProjectFolder> {
    if (!folder.git) return folder;
    const worktrees = await choices.of(folder.path);
    return worktrees ? { ...folder, git: { ...folder.git, worktrees } } : folder;
  }
  return { handlers };
}
