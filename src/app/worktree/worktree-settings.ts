import type { AppSettings } from '../../shared/settings';
import type { ThreadSettings } from '../../shared/threads';
import type { ProjectWorktrees } from '../../shared/projects';
import { inGitRepo } from '../../core/git/repository-above';
import { whyNoWorktree } from '../../core/worktree/create-worktree';

/** The project's own switch, when it has one (ProjectWorktreeChoices). */
export type ProjectChoiceOf = (projectDir: string) => Promise<ProjectWorktrees | undefined>;

/**
 * A new thread's settings with the default applied: in a git project, a thread whose caller did not say
 * (`useWorktree` unset) follows the project's own switch (`always` / `first-edit` / `never`), else Settings' "New threads get their
 * own worktree". A plain chat (the default workspace) and a folder outside git never get one.
 */
export function withWorktreeDefault(
  settings: ThreadSettings,
  app: Pick<AppSettings, 'newThreadWorktree'>,
  project?: ProjectWorktrees,
): ThreadSettings {
  if (settings.useWorktree !== undefined || !settings.projectDir) return settings;
  if (project === 'never') return { ...settings, useWorktree: false };
  if (project === 'first-edit')
    return inGitRepo(settings.projectDir)
      ? { ...settings, useWorktree: false, worktreeOnEdit: true }
      : { ...settings, useWorktree: false };
  if (project !== 'always' && !app.newThreadWorktree) return settings;
  return inGitRepo(settings.projectDir) ? { ...settings, useWorktree: true } : settings;
}

/**
 * A settings patch checked against the thread's worktree: once the worktree is made, neither the project folder
 * nor the choice of a worktree can change (its session lives in that folder); before the first message both can,
 * and a project folder chosen then takes its default (the project's switch, else Settings') when the thread never
 * said. Throws a sentence.
 */
export async function checkWorktreePatch(
  before: ThreadSettings | undefined,
  patch: ThreadSettings,
  app: Pick<AppSettings, 'newThreadWorktree'>,
  hasMessages: () => Promise<boolean>,
  projectChoice?: ProjectChoiceOf,
): Promise<ThreadSettings> {
  const checked = await checkPatch(before, patch, app, hasMessages, projectChoice);
  // "When Claude first edits" is a way of getting a worktree: a choice made since (the thread's own switch, a new
  // folder's default) replaces it, so a thread never waits for a worktree its settings no longer ask for.
  if (!before?.worktreeOnEdit || before.worktree || checked.worktreeOnEdit !== undefined) return checked;
  return checked.useWorktree !== undefined ||
    (checked.projectDir !== undefined && checked.projectDir !== before.projectDir)
    ? { ...checked, worktreeOnEdit: false }
    : checked;
}

async function checkPatch(
  before: ThreadSettings | undefined,
  patch: ThreadSettings,
  app: Pick<AppSettings, 'newThreadWorktree'>,
  hasMessages: () => Promise<boolean>,
  projectChoice?: ProjectChoiceOf,
): Promise<ThreadSettings> {
  const wt = before?.worktree;
  if (wt && wt.state !== 'discarded') {
    if (patch.projectDir !== undefined && patch.projectDir !== before?.projectDir)
      throw new Error(
        `This thread works in its own worktree of ${wt.repo}, so its project cannot change. Start a new thread to work in another folder.`,
      );
    if (patch.useWorktree === false)
      throw new Error(
        `This thread already works in its own worktree (${wt.path}). Start a new thread to work in the project folder itself.`,
      );
    return patch;
  }
  const changesChoice = patch.useWorktree !== undefined && patch.useWorktree !== (before?.useWorktree ?? false);
  if (changesChoice && (await hasMessages()))
    throw new Error(
      'Whether a thread works in its own worktree is chosen before its first message. Start a new thread to choose again.',
    );
  // A folder chosen before the first message takes that folder's default (its project's switch, else Settings'),
  // also over the choice made for the folder before it: a new folder, a new default.
  const newFolder = patch.projectDir !== undefined && patch.projectDir !== before?.projectDir;
  if (
    patch.projectDir &&
    patch.useWorktree === undefined &&
    (before?.useWorktree === undefined || newFolder) &&
    !(await hasMessages())
  ) {
    const applied = withWorktreeDefault(patch, app, await projectChoice?.(patch.projectDir));
    return before?.useWorktree === undefined ? applied : { ...applied, useWorktree: applied.useWorktree ?? false };
  }
  if (patch.projectDir === '' && newFolder && before?.useWorktree !== undefined && !(await hasMessages()))
    return { ...patch, useWorktree: false }; // a plain chat has no worktree
  return patch;
}

/**
 * A thread that asks for its own worktree in so many words (`useWorktree: true` from the caller, not Settings'
 * default) where none can be made — not a git repository, no commit yet, no git — is refused with the reason, as
 * Claude Code's own `claude -w` refuses there: nothing runs in the user's folder that asked to be kept out of it.
 */
export async function refuseImpossibleWorktree(settings: ThreadSettings): Promise<void> {
  if (settings.useWorktree !== true || !settings.projectDir || settings.worktree) return;
  const why = await whyNoWorktree(settings.projectDir);
  if (why) throw new Error(why);
}
