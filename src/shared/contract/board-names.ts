/** The board feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const boardCallNames = ['getBoard', 'listClaudeAgents', 'dismissBoardRow'] as const;

export type BoardCallName = (typeof boardCallNames)[number];
