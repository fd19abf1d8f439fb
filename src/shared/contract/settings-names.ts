/** The settings feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const settingsCallNames = [
  'getAppInfo',
  'getCliStatus',
  'getDoctor',
  'getSettings',
  'updateSettings',
  'setApiKey',
  'clearApiKey',
  'listMemories',
  'deleteMemory',
] as const;

export type SettingsCallName = (typeof settingsCallNames)[number];
