/** The window feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const windowCallNames = [
  'getWindowState',
  'saveWindowState',
  'openWindow',
  'openExternal',
  'chooseFolder',
  'openFile',
  'revealLogFile',
] as const;

export type WindowCallName = (typeof windowCallNames)[number];
