import os from 'node:os';
import path from 'node:path';
import { awaitsWorktree, workFolderOf } from '../../shared/work-folder';
import type { DeskHandlers } from '../../shared/contract';
import type { ClaudeCodeSetup, SetupEditOutcome } from '../../shared/claude-code-setup';
import { deleteAgent, saveAgent } from '../../core/claude-code-setup/agent-files';
import { setOutputStyle, setSkillEnabled } from '../../core/claude-code-setup/skill-switches';
import { appendInstruction, saveInstructionFile } from '../../core/claude-code-setup/instruction-files';
import { readClaudeCodeSetup } from '../../core/claude-code-setup/read-setup';
import {
  addHook,
  editPermissionRule,
  removeHook,
  setHookOff,
  setHooksOff,
} from '../../core/claude-code-setup/settings-files';
import { type SetupRoots, setupRoots } from '../../core/claude-code-setup/setup-paths';
import type { ThreadSummary } from '../../shared/threads';
import type { ClaudeCodeLauncher } from '../settings/claude-code-launch';
import { pluginCommand } from './plugin-command';
import { installPlugin, listPlugins, setPluginEnabled } from '../../core/claude-code-setup/plugins';
import { type Spawner, spawnInOwnGroup } from '../../core/claude-code-wire/spawned-process';
import { EffectiveSettingsCache } from './effective-settings-cache';

type SetupHandlers = Pick<
  DeskHandlers,
  | 'getClaudeCodeSetup'
  | 'editPermissionRule'
  | 'setHooksOff'
  | 'addHook'
  | 'removeHook'
  | 'setHookOff'
  | 'getEffectiveSettings'
  | 'saveInstructionFile'
  | 'appendInstruction'
  | 'saveClaudeAgent'
  | 'listClaudePlugins'
  | 'setClaudePluginEnabled'
  | 'installClaudePlugin'
  | 'setClaudeSkillEnabled'
  | 'setClaudeOutputStyle'
  | 'deleteClaudeAgent'
>;

export interface ClaudeCodeSetupDeps {
  /** The app's environment: HOME and CLAUDE_CONFIG_DIR say where Claude Code's files are, as for the CLI itself. */
  env: NodeJS.ProcessEnv;
  threads: { summary(threadId: string): ThreadSummary | undefined };
  /** The default project folder of a thread that names none (the turns run there). */
  workspaceDir: string;
  /**
   * Claude Code read a changed file: processes started before it (kept, pre-warmed) hold the old settings and hooks
   * (recorded case 48b: hooks are read at start-up), so they go and the next turn starts one that reads the file.
   */
  filesChanged: (reason: string) => void;
  /** Starts `claude plugin …` with the binary, PATH and key every caller uses. */
  launcher: Pick<ClaudeCodeLauncher, 'withEnv'>;
  /** Starts the `get_settings` probe (default: in its own process group, as the composer's probe). */
  spawner?: Spawner;
}

/** Rules and hooks are read when Claude Code starts; Claude Desk starts a new one for the next turn (case 48b). */
const NEXT_TURN = 'Takes effect on the next message: Claude Desk starts Claude Code again to read it.';
/**
 * CLAUDE.md goes with every request of a session, read when Claude Code starts (cases 46, 53f): the kept processes go,
 * and the next message's new one reads the file as it is now.
 */
const NEXT_SESSION = 'Takes effect on the next message: Claude Code reads CLAUDE.md files when it starts.';

/**
 * The "Claude Code" pages of Settings: the user's setup read from the files Claude Code itself reads (the page can
 * open each one), and the edits they offer. The project is the open thread's folder — the host looks it up, the page
 * never names a folder to write in.
 */
export function wireClaudeCodeSetup(deps: ClaudeCodeSetupDeps) {
  const home = deps.env.HOME || deps.env.USERPROFILE || os.homedir();
  const rootsFor = (threadId: string | undefined): SetupRoots => {
    const thread = threadId ? deps.threads.summary(threadId) : undefined;
    if (threadId && !thread) throw new Error('This thread no longer exists.');
    // The project as the thread sees it: its own worktree once made, where its Claude Code reads CLAUDE.md and
    // .claude/ (an edit of the user's checkout would never reach it, and would leave that checkout dirty).
    const projectDir = thread ? workFolderOf(thread.settings, deps.workspaceDir) : undefined;
    return setupRoots(deps.env, home, projectDir);
  };
  /** The thread's worktree, when its project files are that worktree's. */
  const worktreeOf = (threadId: string | undefined) => {
    const thread = threadId ? deps.threads.summary(threadId) : undefined;
    const wt = thread?.settings.worktree;
    return wt && thread && workFolderOf(thread.settings, deps.workspaceDir) === wt.path ? wt : undefined;
  };
  const read = async (threadId: string | undefined): Promise<ClaudeCodeSetup> => {
    const setup = await readClaudeCodeSetup(rootsFor(threadId));
    const wt = worktreeOf(threadId);
    if (wt) return { ...setup, worktree: { path: wt.path, branch: wt.branch, base: wt.base, repo: wt.repo } };
    // Its worktree is made on its first message, from the base branch: an edit now lands in the user's checkout,
    // uncommitted, and not in the thread's worktree — the page says so.
    const thread = threadId ? deps.threads.summary(threadId) : undefined;
    return thread && awaitsWorktree(thread.settings) ? { ...setup, worktreePending: true } : setup;
  };
  /**
   * The page's sentence after an edit; `file` (written) inside a worktree thread's worktree says where it went: a
   * tracked file goes with the thread's work, the user's checkout is not touched, settings.local.json stays personal.
   */
  const edited = async (
    threadId: string | undefined,
    takesEffect: string,
    file?: string,
  ): Promise<SetupEditOutcome> => {
    const wt = worktreeOf(threadId);
    const inside = wt && file && (file === wt.path || file.startsWith(wt.path + path.sep));
    const where = !inside
      ? ''
      : path.basename(file) === 'settings.local.json'
        ? `Written to this thread's worktree's settings.local.json (untracked: personal, never committed). `
        : `Written to this thread's worktree (${wt.path}): it is committed with the thread's work when it lands; your checkout at ${wt.repo} is not changed. `;
    return { setup: await read(threadId), takesEffect: `${where}${takesEffect}` };
  };
  /** The settings file an edit of `scope` wrote, for `edited`. */
  const settingsFile = (threadId: string | undefined, scope: string): string | undefined => {
    const dir = rootsFor(threadId).projectDir;
    if (!dir) return undefined;
    if (scope === 'project') return path.join(dir, '.claude', 'settings.json');
    if (scope === 'local') return path.join(dir, '.claude', 'settings.local.json');
    return undefined;
  };

  const effective = new EffectiveSettingsCache({ launcher: deps.launcher, spawner: deps.spawner ?? spawnInOwnGroup });
  // Every edit: the kept processes go (the next message's Claude Code reads the files anew), and what Claude Code
  // reports in force is asked again on the next look.
  const changed = (reason: string): void => {
    effective.invalidate();
    deps.filesChanged(reason);
  };
  // The plugin subcommands run where the thread's turns run (a project-scoped plugin shows there).
  const plugins = (threadId: string | undefined) => pluginCommand(deps.launcher, rootsFor(threadId).projectDir ?? home);

  const handlers: SetupHandlers = {
    listClaudePlugins: async (input) => listPlugins(plugins(input?.threadId)),
    setClaudePluginEnabled: async ({ threadId, id, enabled }) => {
      await setPluginEnabled(plugins(threadId), id, enabled);
      changed('a plugin was turned on or off');
      return listPlugins(plugins(threadId));
    },
    installClaudePlugin: async ({ threadId, id }) => {
      await installPlugin(plugins(threadId), id);
      changed('a plugin was installed');
      return listPlugins(plugins(threadId));
    },
    getClaudeCodeSetup: async (input) => read(input?.threadId),
    editPermissionRule: async ({ threadId, ...edit }) => {
      const rule = await editPermissionRule(rootsFor(threadId), edit);
      changed('a permission rule changed');
      const said = rule === edit.rule.trim() ? '' : `Written as ${rule}: file rules are Edit(…) rules. `;
      return edited(threadId, `${said}${NEXT_TURN}`, settingsFile(threadId, edit.scope));
    },
    setHooksOff: async ({ threadId, scope, off }) => {
      await setHooksOff(rootsFor(threadId), scope, off);
      changed('hooks were turned on or off');
      return edited(threadId, NEXT_TURN, settingsFile(threadId, scope));
    },
    addHook: async ({ threadId, scope, hook }) => {
      await addHook(rootsFor(threadId), scope, hook);
      changed('a hook was added');
      return edited(threadId, NEXT_TURN, settingsFile(threadId, scope));
    },
    removeHook: async ({ threadId, scope, hook }) => {
      await removeHook(rootsFor(threadId), scope, hook);
      changed('a hook was removed');
      return edited(threadId, NEXT_TURN, settingsFile(threadId, scope));
    },
    setHookOff: async ({ threadId, scope, hook, off }) => {
      await setHookOff(rootsFor(threadId), scope, hook, off);
      changed(off ? 'a hook was switched off' : 'a hook was switched on');
      return edited(threadId, NEXT_TURN, settingsFile(threadId, scope));
    },
    // Asked where the thread's turns run, with the launch settings they use, so it is their answer.
    getEffectiveSettings: async (input) => {
      const roots = rootsFor(input?.threadId);
      return effective.get(roots, roots.projectDir ?? home);
    },
    saveInstructionFile: async ({ threadId, path: file, text }) => {
      await saveInstructionFile(rootsFor(threadId), file, text);
      changed('a CLAUDE.md changed');
      return edited(threadId, NEXT_SESSION, file);
    },
    appendInstruction: async ({ threadId, path: file, note }) => {
      await appendInstruction(rootsFor(threadId), file, note);
      changed('a CLAUDE.md changed');
      return edited(threadId, NEXT_SESSION, file);
    },
    saveClaudeAgent: async ({ threadId, scope, agent, previousName }) => {
      await saveAgent(rootsFor(threadId), scope, agent, previousName);
      changed('a sub-agent changed');
      return edited(threadId, 'Available from the next message (Claude Code lists sub-agents when it starts).');
    },
    // A running Claude Code keeps its skills and style (recorded case 53e): the kept processes go.
    setClaudeSkillEnabled: async ({ threadId, scope, name, enabled }) => {
      await setSkillEnabled(rootsFor(threadId), scope, name, enabled);
      changed('a skill was turned on or off');
      return edited(threadId, NEXT_TURN);
    },
    setClaudeOutputStyle: async ({ threadId, scope, style }) => {
      await setOutputStyle(rootsFor(threadId), scope, style);
      changed('the output style changed');
      const setup = await read(threadId);
      const wins = setup.outputStyle;
      // A file Claude Code reads over the one picked still names another style (case 53b: the project's wins).
      const overridden = style !== null && wins && wins.name !== style;
      const by = overridden ? setup.settings.find((f) => f.scope === wins.scope)?.path : undefined;
      return {
        setup,
        takesEffect: by
          ? `Written, but ${by} names ${wins?.name}, and Claude Code reads that file over it.`
          : NEXT_TURN,
      };
    },
    deleteClaudeAgent: async ({ threadId, scope, name }) => {
      await deleteAgent(rootsFor(threadId), scope, name);
      changed('a sub-agent was deleted');
      return edited(threadId, 'Gone from the next message: Claude Desk starts Claude Code again without it.');
    },
  };
  // Closing waits for a get_settings probe still ending after its answer.
  return { handlers, close: () => effective.close() };
}
