/** The history feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const historyCallNames = [
  'listHistory',
  'refreshHistory',
  'getHistoryPage',
  'searchHistory',
  'pinHistorySession',
  'continueSession',
  'exportMarkdown',
  'getHistoryStats',
] as const;

export type HistoryCallName = (typeof historyCallNames)[number];
