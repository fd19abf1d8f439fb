/** The threads feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const threadsCallNames = [
  'listThreads',
  'getThread',
  'readToolResult',
  'createThread',
  'renameThread',
  'deleteThread',
  'updateThreadSettings',
  'pinThread',
  'searchThreads',
] as const;

export type ThreadsCallName = (typeof threadsCallNames)[number];
