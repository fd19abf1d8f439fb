import type { BridgeContext, BridgePart } from './part';

/** Budgets pushed after each turn; an open Usage view reads again when sessions changed. */
export function usagePart({ on, s, store }: BridgeContext): BridgePart {
  return {
    offs: [
      on('budgetsChanged', ({ states }) => store.setState({ budgets: states })),
      on('historyChanged', () => s().usageChanged()),
    ],
    start: () => void s().loadBudgets(),
  };
}
