/** The composer feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const composerCallNames = ['getComposerCatalog', 'searchProjectFiles'] as const;

export type ComposerCallName = (typeof composerCallNames)[number];
