/**
 * The contract's calls of the "Claude Code" setup pages (spread into contract.ts's `calls`). Every path the page
 * sends is checked by the host against the files it listed; the project is the thread's own folder.
 */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { ClaudeCodeSetupCallName } from './claude-code-setup-names';
import {
  EDITABLE_SCOPES,
  HOOK_EVENTS,
  PLUGIN_ID,
  RULE_LISTS,
  type ClaudeCodeSetup,
  type EffectiveSettingsView,
  type PluginView,
  type SetupEditOutcome,
} from '../claude-code-setup';

/** The open thread: its project's files join the user's. Absent: the user's own files only. */
const threadId = z.string().min(1).max(200).optional();
const filePath = z.string().min(1).max(4096);
/** It becomes a CLI argument: `<name>@<marketplace>` only, so it can never read as an option. */
/** One hook as the Hooks page listed it (the host finds it in the file again, or says it is gone). */
const hookRef = z
  .object({
    event: z.string().min(1).max(100),
    matcher: z.string().max(1000).optional(),
    command: z.string().min(1).max(20_000),
    off: z.boolean(),
  })
  .strict();
/** A key of `skillOverrides`: a skill's name as its folder or frontmatter gives it. */
const skillName = z.string().regex(/^[\w.:-]{1,100}$/, 'a skill name is letters, digits, - _ . :');
const pluginId = z.string().regex(PLUGIN_ID, 'a plugin is named <name>@<marketplace>');

export const claudeCodeSetupCalls = {
  /** Every settings file, CLAUDE.md, sub-agent, skill and output style that applies, each with its file. */
  getClaudeCodeSetup: call<ClaudeCodeSetup>()(z.object({ threadId }).strict().optional()),
  /** Add or remove an allow / ask / deny rule in one settings file (refused when the file is not valid JSON). */
  editPermissionRule: call<SetupEditOutcome>()(
    z
      .object({
        threadId,
        scope: z.enum(EDITABLE_SCOPES),
        list: z.enum(RULE_LISTS),
        rule: z.string().min(1).max(2000),
        action: z.enum(['add', 'remove']),
      })
      .strict(),
  ),
  /** Claude Code's own switch for every hook of one settings file (`disableAllHooks`). */
  setHooksOff: call<SetupEditOutcome>()(
    z.object({ threadId, scope: z.enum(EDITABLE_SCOPES), off: z.boolean() }).strict(),
  ),
  /** A new command hook in one settings file (a known event; a command, which the host checks is not blank). */
  addHook: call<SetupEditOutcome>()(
    z
      .object({
        threadId,
        scope: z.enum(EDITABLE_SCOPES),
        hook: z
          .object({
            event: z.enum(HOOK_EVENTS),
            matcher: z.string().max(1000).optional(),
            command: z.string().max(20_000),
          })
          .strict(),
      })
      .strict(),
  ),
  removeHook: call<SetupEditOutcome>()(z.object({ threadId, scope: z.enum(EDITABLE_SCOPES), hook: hookRef }).strict()),
  /** One hook off (kept in its file under a key Claude Code ignores, recorded case 52b) or on again. */
  setHookOff: call<SetupEditOutcome>()(
    z.object({ threadId, scope: z.enum(EDITABLE_SCOPES), hook: hookRef, off: z.boolean() }).strict(),
  ),
  /** What Claude Code itself reports in force in the thread's project (`get_settings`; one short-lived process). */
  getEffectiveSettings: call<EffectiveSettingsView>()(z.object({ threadId }).strict().optional()),
  /** Replace a listed CLAUDE.md's text (the Instructions page's editor). */
  saveInstructionFile: call<SetupEditOutcome>()(
    z.object({ threadId, path: filePath, text: z.string().max(256 * 1024) }).strict(),
  ),
  /** `# remember this` from the composer: one line appended to the CLAUDE.md the user picked. */
  appendInstruction: call<SetupEditOutcome>()(
    z.object({ threadId, path: filePath, note: z.string().min(1).max(4000) }).strict(),
  ),
  /** Installed plugins and what each adds (Claude Code's `plugin list --json` and `plugin details`). */
  listClaudePlugins: call<PluginView[]>()(z.object({ threadId }).strict().optional()),
  setClaudePluginEnabled: call<PluginView[]>()(z.object({ threadId, id: pluginId, enabled: z.boolean() }).strict()),
  /** Install from a marketplace; offline it fails with Claude Code's own sentence (recorded case 49). */
  installClaudePlugin: call<PluginView[]>()(z.object({ threadId, id: pluginId }).strict()),
  /** Create or change a sub-agent (`agents/<name>.md`), validated before it is written. */
  saveClaudeAgent: call<SetupEditOutcome>()(
    z
      .object({
        threadId,
        scope: z.enum(['user', 'project']),
        previousName: z.string().max(64).optional(),
        agent: z
          .object({
            name: z.string().min(1).max(64),
            description: z.string().max(2000),
            tools: z.array(z.string().min(1).max(200)).max(100).optional(),
            model: z.string().max(100).optional(),
            prompt: z.string().max(100_000),
          })
          .strict(),
      })
      .strict(),
  ),
  /** Turn a skill off or on again: `skillOverrides.<name>` in the settings file picked (recorded case 53). */
  setClaudeSkillEnabled: call<SetupEditOutcome>()(
    z.object({ threadId, scope: z.enum(EDITABLE_SCOPES), name: skillName, enabled: z.boolean() }).strict(),
  ),
  /** `outputStyle` in the settings file picked; null removes it there (case 53). */
  setClaudeOutputStyle: call<SetupEditOutcome>()(
    z.object({ threadId, scope: z.enum(EDITABLE_SCOPES), style: z.string().min(1).max(100).nullable() }).strict(),
  ),
  /** Remove a sub-agent's file (`agents/<name>.md`). */
  deleteClaudeAgent: call<SetupEditOutcome>()(
    z.object({ threadId, scope: z.enum(['user', 'project']), name: z.string().min(1).max(64) }).strict(),
  ),
} satisfies CallsOf<ClaudeCodeSetupCallName>;
