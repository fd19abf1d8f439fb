/** The claude-code-setup feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const claudeCodeSetupCallNames = [
  'getClaudeCodeSetup',
  'editPermissionRule',
  'setHooksOff',
  'addHook',
  'removeHook',
  'setHookOff',
  'getEffectiveSettings',
  'saveInstructionFile',
  'appendInstruction',
  'listClaudePlugins',
  'setClaudePluginEnabled',
  'installClaudePlugin',
  'saveClaudeAgent',
  'setClaudeSkillEnabled',
  'setClaudeOutputStyle',
  'deleteClaudeAgent',
] as const;

export type ClaudeCodeSetupCallName = (typeof claudeCodeSetupCallNames)[number];
