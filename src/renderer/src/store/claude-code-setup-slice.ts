import { getApi } from '../api';
import type {
  AgentDefinition,
  ClaudeCodeSetup,
  EditableScope,
  EffectiveSettingsView,
  HookRef,
  NewHook,
  PluginView,
  RuleList,
  SetupEditOutcome,
} from '../../../shared/claude-code-setup';
import { errorText, type Slice } from './desk-state';

/** The "Claude Code" pages of Settings: the user's setup (their files) and its edits. */
export interface ClaudeCodeSetupSlice {
  claudeCodeSetup: ClaudeCodeSetup | null;
  /** Why the setup could not be read, in one sentence. */
  claudeCodeSetupError: string | null;
  /** After an edit: when it takes effect (the host says; recorded cases 45, 48b). */
  claudeCodeSetupSaved: string | null;
  /** Read it again for the open thread's project (or the user's files alone). */
  loadClaudeCodeSetup(): Promise<void>;
  /** An edit: resolves to an error sentence, or null when it was written. */
  editPermissionRule(
    scope: EditableScope,
    list: RuleList,
    rule: string,
    action: 'add' | 'remove',
  ): Promise<string | null>;
  setHooksOff(scope: EditableScope, off: boolean): Promise<string | null>;
  addHook(scope: EditableScope, hook: NewHook): Promise<string | null>;
  removeHook(scope: EditableScope, hook: HookRef): Promise<string | null>;
  setHookOff(scope: EditableScope, hook: HookRef, off: boolean): Promise<string | null>;
  /** What Claude Code reports in force in the open thread's project (one short-lived CLI, cached by the host). */
  effectiveSettings: EffectiveSettingsView | null;
  effectiveSettingsError: string | null;
  /** Being asked: marks from the last answer stay meanwhile, except for rules it did not list (permissions-page). */
  effectiveSettingsLoading: boolean;
  loadEffectiveSettings(): Promise<void>;
  saveInstructionFile(path: string, text: string): Promise<string | null>;
  appendInstruction(path: string, note: string): Promise<string | null>;
  saveClaudeAgent(scope: 'user' | 'project', agent: AgentDefinition, previousName?: string): Promise<string | null>;
  deleteClaudeAgent(scope: 'user' | 'project', name: string): Promise<string | null>;
  /** `skillOverrides` in the settings file picked (recorded case 53). */
  setClaudeSkillEnabled(scope: EditableScope, name: string, enabled: boolean): Promise<string | null>;
  /** `outputStyle` in the settings file picked; null removes it there. */
  setClaudeOutputStyle(scope: EditableScope, style: string | null): Promise<string | null>;
  /** Installed plugins as Claude Code lists them; null until asked (each ask starts the CLI). */
  claudePlugins: PluginView[] | null;
  claudePluginsError: string | null;
  loadClaudePlugins(): Promise<void>;
  setClaudePluginEnabled(id: string, enabled: boolean): Promise<string | null>;
  installClaudePlugin(id: string): Promise<string | null>;
}

declare module './desk-state' {
  interface DeskState extends ClaudeCodeSetupSlice {}
}

export const createClaudeCodeSetupSlice: Slice<ClaudeCodeSetupSlice> = (set, get) => {
  const threadId = () => get().activeThreadId ?? undefined;
  let effectiveAsks = 0;
  const edit = async (run: () => Promise<SetupEditOutcome>): Promise<string | null> => {
    try {
      const { setup, takesEffect } = await run();
      set({ claudeCodeSetup: setup, claudeCodeSetupSaved: takesEffect, claudeCodeSetupError: null });
      return null;
    } catch (err) {
      return errorText(err);
    }
  };
  const plugins = async (run: () => Promise<PluginView[]>): Promise<string | null> => {
    try {
      set({ claudePlugins: await run(), claudePluginsError: null });
      return null;
    } catch (err) {
      return errorText(err);
    }
  };
  return {
    claudePlugins: null,
    claudePluginsError: null,
    loadClaudePlugins: async () => {
      const failed = await plugins(() => getApi().listClaudePlugins({ threadId: threadId() }));
      if (failed) set({ claudePluginsError: failed });
    },
    setClaudePluginEnabled: (id, enabled) =>
      plugins(() => getApi().setClaudePluginEnabled({ threadId: threadId(), id, enabled })),
    installClaudePlugin: (id) => plugins(() => getApi().installClaudePlugin({ threadId: threadId(), id })),
    claudeCodeSetup: null,
    claudeCodeSetupError: null,
    claudeCodeSetupSaved: null,
    loadClaudeCodeSetup: async () => {
      try {
        const setup = await getApi().getClaudeCodeSetup({ threadId: threadId() });
        set({ claudeCodeSetup: setup, claudeCodeSetupError: null });
      } catch (err) {
        set({ claudeCodeSetupError: `Could not read your Claude Code setup: ${errorText(err)}` });
      }
    },
    editPermissionRule: (scope, list, rule, action) =>
      edit(() => getApi().editPermissionRule({ threadId: threadId(), scope, list, rule, action })),
    setHooksOff: (scope, off) => edit(() => getApi().setHooksOff({ threadId: threadId(), scope, off })),
    addHook: (scope, hook) => edit(() => getApi().addHook({ threadId: threadId(), scope, hook })),
    removeHook: (scope, hook) => edit(() => getApi().removeHook({ threadId: threadId(), scope, hook })),
    setHookOff: (scope, hook, off) => edit(() => getApi().setHookOff({ threadId: threadId(), scope, hook, off })),
    effectiveSettings: null,
    effectiveSettingsError: null,
    effectiveSettingsLoading: false,
    loadEffectiveSettings: async () => {
      // Only the latest ask is shown: an answer to an earlier one (before an edit) is stale.
      const ask = ++effectiveAsks;
      set({ effectiveSettingsLoading: true });
      try {
        const view = await getApi().getEffectiveSettings({ threadId: threadId() });
        if (ask !== effectiveAsks) return;
        set({ effectiveSettings: view, effectiveSettingsError: null, effectiveSettingsLoading: false });
      } catch (err) {
        if (ask !== effectiveAsks) return;
        set({ effectiveSettings: null, effectiveSettingsError: errorText(err), effectiveSettingsLoading: false });
      }
    },
    saveInstructionFile: (path, text) => edit(() => getApi().saveInstructionFile({ threadId: threadId(), path, text })),
    appendInstruction: (path, note) => edit(() => getApi().appendInstruction({ threadId: threadId(), path, note })),
    saveClaudeAgent: (scope, agent, previousName) =>
      edit(() => getApi().saveClaudeAgent({ threadId: threadId(), scope, agent, previousName })),
    deleteClaudeAgent: (scope, name) => edit(() => getApi().deleteClaudeAgent({ threadId: threadId(), scope, name })),
    setClaudeSkillEnabled: (scope, name, enabled) =>
      edit(() => getApi().setClaudeSkillEnabled({ threadId: threadId(), scope, name, enabled })),
    setClaudeOutputStyle: (scope, style) =>
      edit(() => getApi().setClaudeOutputStyle({ threadId: threadId(), scope, style })),
  };
};
