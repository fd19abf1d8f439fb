/**
 * The user's Claude Code setup as the "Claude Code" pages in Settings show it: every entry with the file it comes
 * from (recorded cases 44–49). The host reads the files itself — `get_settings` names no paths (case 45) and init
 * does not report CLAUDE.md (case 46) — so a page can open the very file an entry lives in.
 */

/** Where a file sits: `~/.claude` (user), the project's checked-in files, its `*.local.*` ones, or the admin's. */
export type SetupScope = 'user' | 'project' | 'local' | 'managed';
export const RULE_LISTS = ['allow', 'ask', 'deny'] as const;
export type RuleList = (typeof RULE_LISTS)[number];
/** The settings files a page may write (managed settings are the administrator's). */
export const EDITABLE_SCOPES = ['user', 'project', 'local'] as const;
export type EditableScope = (typeof EDITABLE_SCOPES)[number];

/** The files an edit may go to: the editable scopes whose settings file Claude Desk can read (never a broken one). */
export function writableScopes(files: readonly { scope: string; error?: string }[]): EditableScope[] {
  return EDITABLE_SCOPES.filter((s) => files.some((f) => f.scope === s && !f.error));
}

export interface PermissionRuleView {
  list: RuleList;
  rule: string;
  /** Why Claude Code cannot use this rule as written (it is kept in the file; the page says why). */
  problem?: string;
}

/**
 * The hook events Claude Code knows (its own closed list, read from the pinned binary: 2.1.337 added `Interrupt`, who
 * stopped a turn, and `PreSkillShellCommand`, before a skill's own shell command runs — recorded case 63).
 */
export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'Notification',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'SessionStart',
  'SessionEnd',
  'Stop',
  'StopFailure',
  'Interrupt',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'PreModelSwitch',
  'PostModelSwitch',
  'PermissionRequest',
  'PermissionDenied',
  'Setup',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'Elicitation',
  'ElicitationResult',
  'ConfigChange',
  'WorktreeCreate',
  'WorktreeRemove',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'DirectoryAdded',
  'MessageDisplay',
  'PreSkillShellCommand',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];
/**
 * The events whose matcher is a tool name pattern (`Write`, `Edit|Write`, `mcp__.*`); a skill's shell command is matched
 * by the shell tool that runs it (`PreSkillShellCommand:Bash`, case 63 b).
 */
export const TOOL_HOOK_EVENTS: readonly HookEvent[] = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PermissionDenied',
  'PreSkillShellCommand',
];
/**
 * Where a switched-off hook waits in its own file: a flat list of `{ event, matcher?, hook }` that Claude Code
 * ignores. Never in the shape of `hooks` — a key named PreToolUse or a `hooks` array outside `hooks` makes the CLI
 * drop the whole file (recorded cases 52, 52b).
 */
export const OFF_HOOKS_KEY = 'claudeDeskDisabledHooks';

export interface HookView {
  event: string;
  /** The tool pattern (PreToolUse / PostToolUse); absent matches everything. */
  matcher?: string;
  type: string;
  command: string;
  timeout?: number;
  /** Switched off here: kept in the file under OFF_HOOKS_KEY, not run. */
  off?: boolean;
}

/** One hook of one file, as the page listed it (the first of identical ones). */
export interface HookRef {
  event: string;
  matcher?: string;
  command: string;
  off: boolean;
}

/** A new command hook from the Hooks page. */
export interface NewHook {
  event: HookEvent;
  matcher?: string;
  command: string;
}

export interface SettingsFileView {
  scope: SetupScope;
  path: string;
  exists: boolean;
  /** The file is there but is not valid JSON: shown with this, and never written. */
  error?: string;
  rules: PermissionRuleView[];
  hooks: HookView[];
  /** `disableAllHooks: true` in this file. */
  hooksOff: boolean;
}

/**
 * A CLAUDE.md in Claude Code's load order (recorded cases 46, 53f): the user's, the folders above the project (top
 * down), the project's (CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md); a subfolder's (nested) only once Claude reads
 * a file there.
 */
export interface InstructionFileView {
  kind: 'user' | 'parent' | 'project' | 'nested' | 'local';
  path: string;
  exists: boolean;
  /** The file's text (absent when missing; cut at a size the page can show). */
  text?: string;
  truncated?: boolean;
  /** When the file last changed (ms since the epoch), to tell a session that loaded an older text. */
  modifiedAt?: number;
  /** Its path with links resolved, when that differs (Claude Code may report either). */
  realPath?: string;
}

export interface AgentDefinition {
  name: string;
  description: string;
  /** Tool names; empty or absent = every tool the session has. */
  tools?: string[];
  model?: string;
  prompt: string;
}

export interface AgentView extends AgentDefinition {
  scope: 'user' | 'project';
  path: string;
  /** Why Claude Code would not load it (no name or description). */
  problem?: string;
}

/** A skill (`skills/<name>/SKILL.md`) or an output style (`output-styles/<name>.md`). */
export interface SetupItemView {
  scope: 'user' | 'project';
  path: string;
  name: string;
  description?: string;
  /** Output styles: the one `outputStyle` names. */
  active?: boolean;
  /** Skills: turned off by `skillOverrides` (recorded case 53), and the settings file whose entry decides it. */
  off?: boolean;
  offBy?: EditableScope;
}

/** Claude Code's own output styles (2.1.328's bundle; case 53): `default` is none at all. */
export const BUILT_IN_OUTPUT_STYLES = ['default', 'Proactive', 'Concise', 'Explanatory', 'Learning'] as const;

export interface ClaudeCodeSetup {
  home: string;
  /** The open thread's project folder (its files are read too), if any. */
  projectDir?: string;
  settings: SettingsFileView[];
  instructions: InstructionFileView[];
  agents: AgentView[];
  skills: SetupItemView[];
  outputStyles: SetupItemView[];
  /** The output style in force and the settings file that names it (the project's beats the user's, case 53b). */
  outputStyle?: { name: string; scope: SetupScope };
  /** The thread works in its own git worktree: `projectDir` is that worktree, not the user's checkout (`repo`). */
  worktree?: { path: string; branch: string; base: string; repo: string };
  /** The thread will get its own worktree on its first message: until then `projectDir` is the user's checkout. */
  worktreePending?: boolean;
}

/** Whether an edit reaches Claude Code at once or with its next process (recorded cases 45, 48b). */
export interface SetupEditOutcome {
  setup: ClaudeCodeSetup;
  /** One sentence for the page: when the change takes effect. */
  takesEffect: string;
}

/** An installed plugin, as `claude plugin list --json` and `plugin details` tell (recorded cases 49, 64). */
export interface PluginView {
  id: string;
  enabled: boolean;
  scope?: string;
  /** Absent when Claude Code does not know it (it says "unknown"; every built-in plugin). */
  version?: string;
  path?: string;
  /**
   * Part of Claude Code itself (`<name>@builtin`, case 64): nothing to install or uninstall, only on or off. Its
   * `displayName` and `summary` come with it, its longer description from `plugin details`.
   */
  builtIn?: boolean;
  displayName?: string;
  summary?: string;
  description?: string;
  /** Its component inventory, one line per kind: "Skills (1): hello", "Hooks (1): UserPromptSubmit …". */
  adds: string[];
}

/** A plugin id as the CLI takes it: `<name>@<marketplace>`. */
export const PLUGIN_ID = /^[A-Za-z0-9][\w.-]{0,99}@[A-Za-z0-9][\w.-]{0,99}$/;

/** What Claude Code itself reports in force for a project (its `get_settings` answer, recorded cases 45, 52c). */
export interface EffectiveSettingsView {
  /** The folder Claude Code was asked in (the thread's project, or the home folder). */
  cwd: string;
  /** How long starting Claude Code and its answer took. */
  ms: number;
  /** The rules in force, merged from every file it read, as written. */
  rules: Record<RuleList, string[]>;
  /** The files it read, and the rules it read from each. */
  sources: { scope: SetupScope; rules: Record<RuleList, string[]> }[];
  /** The files it could not use, with its reason. */
  errors: { path: string; message: string }[];
}
