/** The rewind feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const rewindCallNames = ['previewRewind', 'rewindThread', 'listBranches', 'resendFrom', 'switchBranch'] as const;

export type RewindCallName = (typeof rewindCallNames)[number];
