import { useEffect, useRef } from 'react';
import { budgetSentence, type BudgetState } from '../../../../shared/usage';
import { useDesk } from '../../store/store-context';

/** The budgets over 100 % a turn of a thread in this folder counts against: its project's and the overall ones. */
export function budgetsOverFor(states: readonly BudgetState[], projectDir: string | undefined): BudgetState[] {
  return states.filter(
    (s) => s.level === 'over' && (s.budget.project === undefined || s.budget.project === projectDir),
  );
}

/** The over-budget budgets the active thread's next turn counts against (none: send as usual). */
export function useBudgetsOver(): BudgetState[] {
  const budgets = useDesk((s) => s.budgets);
  const projectDir = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId)?.settings.projectDir);
  return budgets.length ? budgetsOverFor(budgets, projectDir) : [];
}

const folderName = (p: string) => p.split(/[\\/]/).filter(Boolean).pop() ?? p;

/** At 100 % of a budget, a new turn asks first: what is spent, and the choice to send anyway or not now. */
export function BudgetConfirm({ over, onDone }: { over: BudgetState[]; onDone: (send: boolean) => void }) {
  const send = useRef<HTMLButtonElement>(null);
  useEffect(() => send.current?.focus(), []);
  return (
    // Not a <form>: it sits inside the composer's.
    <div
      className="composer-panel budget-confirm"
      role="alertdialog"
      aria-labelledby="budget-confirm-title"
      aria-describedby="budget-confirm-body"
      data-testid="budget-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone(false);
        }
      }}
    >
      <p id="budget-confirm-title" className="field-label">
        Over budget
      </p>
      <p id="budget-confirm-body">
        {over.map((s) => budgetSentence(s, folderName)).join('; ')}. Send this message anyway? (Budgets are set in
        Usage.)
      </p>
      <div className="field-row">
        <button ref={send} type="button" className="btn btn-primary" onClick={() => onDone(true)}>
          Send anyway
        </button>
        <button type="button" className="btn" onClick={() => onDone(false)}>
          Not now
        </button>
      </div>
    </div>
  );
}
