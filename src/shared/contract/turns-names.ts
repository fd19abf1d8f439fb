/** The turns feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const turnsCallNames = [
  'sendMessage',
  'stopTurn',
  'queueMessage',
  'getMessageQueue',
  'editQueuedMessage',
  'removeQueuedMessage',
  'sendQueuedNow',
  'answerApproval',
  'readApprovalFile',
  'clearSession',
  'prepareTurn',
  'listTurns',
] as const;

export type TurnsCallName = (typeof turnsCallNames)[number];
