/** The fake host's answers to the usage calls (composed with the others in fake-api.ts). */
import type { UsageCallName } from '../../../../shared/contract/usage-names';
import { emptyUsageOverview } from '../usage-fixture';
import type { FakeAnswers, FakeContext } from './host';

export function usageAnswers(_context: FakeContext): FakeAnswers<UsageCallName> {
  return {
    getUsage: () => emptyUsageOverview(),
    getUsageReport: () => ({ rows: [], blocks: [] }),
    getBudgets: () => [],
    setBudget: () => [],
    removeBudget: () => [],
    budgetsOver: () => [],
    getProjectUsage: () => [],
  };
}
