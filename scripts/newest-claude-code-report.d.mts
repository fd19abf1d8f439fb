/** Types of newest-claude-code-report.mjs (a plain script, run by node without a build). */
export type Outcome = 'passed' | 'failed' | 'skipped';
export type Outcomes = Map<string, Outcome>;
export interface Comparison {
  passed: number;
  failed: number;
  skipped: number;
  onlyNewest: string[];
  both: string[];
  fixedByNewest: string[];
}
export function realCliTestFiles(files: string[]): string[];
export function outcomesOf(report: unknown, root?: string): Outcomes;
export function e2eOutcomesOf(report: unknown): Outcomes;
export function compareOutcomes(newest: Outcomes, pinned: Outcomes): Comparison;
export function lineDiff(before: string, after: string): string[];
export function formatReport(input: {
  pinned: string;
  newest: string;
  help: string[];
  unit?: Comparison;
  e2e?: Comparison;
}): string;
