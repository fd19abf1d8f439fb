/** The fake host's answers to the claude-code-setup calls (composed with the others in fake-api.ts). */
import type { ClaudeCodeSetupCallName } from '../../../../shared/contract/claude-code-setup-names';
import type { FakeAnswers, FakeContext } from './host';

/** No Claude Code setup at all (the setup pages' tests hand their own through `handle`). */
const EMPTY_SETUP = { home: '/home/u', settings: [], instructions: [], agents: [], skills: [], outputStyles: [] };

export function claudeCodeSetupAnswers(_context: FakeContext): FakeAnswers<ClaudeCodeSetupCallName> {
  return {
    getClaudeCodeSetup: () => EMPTY_SETUP,
    editPermissionRule: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    setHooksOff: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    addHook: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    removeHook: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    setHookOff: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    getEffectiveSettings: () => ({ cwd: '', ms: 0, rules: { allow: [], ask: [], deny: [] }, sources: [], errors: [] }),
    saveInstructionFile: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    appendInstruction: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    saveClaudeAgent: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    listClaudePlugins: () => [],
    setClaudePluginEnabled: () => [],
    installClaudePlugin: () => [],
    setClaudeSkillEnabled: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    setClaudeOutputStyle: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    deleteClaudeAgent: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
  };
}
