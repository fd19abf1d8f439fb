/** Projects: recent folders, one folder described, browser mode's path completion, a project's worktree switch. */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { FolderCompletion, ProjectFolder } from '../projects';
import type { ProjectsCallName } from './projects-names';

export const projectsCalls = {
  /** Projects: folders of threads and of the CLI's own sessions, most recent first, each described. */
  listRecentProjects: call<ProjectFolder[]>()(z.undefined()),
  /** One folder: exists? readable? git and its branch? A problem is one sentence saying what to do. */
  describeFolder: call<ProjectFolder>()(z.object({ path: z.string().min(1).max(4096) }).strict()),
  /** Browser mode's path field: folder names under the typed path (`~` expanded; hidden ones only when typed). */
  completeFolder: call<FolderCompletion>()(
    z.object({ prefix: z.string().max(4096), limit: z.number().int().min(1).max(50).optional() }).strict(),
  ),
  /** A git project's switch for its new threads' worktrees (null: Settings' default); the folder described again. */
  setProjectWorktrees: call<ProjectFolder>()(
    z
      .object({ path: z.string().min(1).max(4096), choice: z.enum(['always', 'first-edit', 'never']).nullable() })
      .strict(),
  ),
} satisfies CallsOf<ProjectsCallName>;
