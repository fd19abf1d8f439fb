/** The notify feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const notifyCallNames = [
  'getPushKey',
  'subscribePush',
  'unsubscribePush',
  'getNotify',
  'setNotify',
  'testNotify',
] as const;

export type NotifyCallName = (typeof notifyCallNames)[number];
