/** The usage feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const usageCallNames = [
  'getUsage',
  'getUsageReport',
  'getBudgets',
  'setBudget',
  'removeBudget',
  'budgetsOver',
  'getProjectUsage',
] as const;

export type UsageCallName = (typeof usageCallNames)[number];
