/** The phone feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const phoneCallNames = [
  'getPhoneAccess',
  'setPhoneAccess',
  'startPairing',
  'cancelPairing',
  'answerPairing',
  'listDevices',
  'revokeDevice',
] as const;

export type PhoneCallName = (typeof phoneCallNames)[number];
