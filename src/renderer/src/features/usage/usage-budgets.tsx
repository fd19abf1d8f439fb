import { useState } from 'react';
import { budgetSentence, type BudgetPeriod, type UsageRow } from '../../../../shared/usage';
import { useDesk } from '../../store/store-context';
import { folderName } from './usage-format';

const OVERALL = '';

/**
 * Budgets: a daily or monthly amount per project or overall. At 80 % and 100 % Claude Desk tells you (a notice and
 * the system's notification); at 100 % a new turn asks before it is sent (`chat` refuses without --over-budget).
 */
export function UsageBudgets({ projects }: { projects: UsageRow[] }) {
  const budgets = useDesk((s) => s.budgets);
  const setBudget = useDesk((s) => s.setBudget);
  const removeBudget = useDesk((s) => s.removeBudget);
  const [amount, setAmount] = useState('');
  const [period, setPeriod] = useState<BudgetPeriod>('month');
  const [project, setProject] = useState(OVERALL);
  const [error, setError] = useState<string | null>(null);
  const choices = [...new Set([...projects.map((p) => p.key), ...budgets.flatMap((b) => b.budget.project ?? [])])];

  const save = async () => {
    const usd = Number(amount);
    if (!Number.isFinite(usd) || usd <= 0) {
      setError('A budget is an amount in dollars above 0, such as 20 or 7.50.');
      return;
    }
    const failed = await setBudget({ period, amountUsd: usd, ...(project ? { project } : {}) });
    setError(failed);
    if (!failed) setAmount('');
  };

  return (
    <section className="usage-section" aria-labelledby="usage-budgets-h" data-testid="usage-budgets">
      <h2 id="usage-budgets-h">Budgets</h2>
      <p className="usage-note">
        At 80 % and 100 % Claude Desk tells you; at 100 % a new turn asks before it is sent. Days and months are this
        computer's; costs of models without a price are not counted in.
      </p>
      {budgets.length > 0 && (
        <ul className="usage-windows usage-budget-list">
          {budgets.map((s) => (
            <li key={s.budget.id} data-level={s.level === 'over' ? 'danger' : s.level}>
              <span className="usage-window-name">
                {s.budget.project ? folderName(s.budget.project) : 'Overall'}, per {s.budget.period}
              </span>
              <span
                className="usage-meter"
                role="meter"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(s.ratio * 100)}
                aria-label={`${s.budget.project ? folderName(s.budget.project) : 'Overall'} budget used`}
              >
                <span className="usage-meter-fill" style={{ width: `${Math.min(100, Math.round(s.ratio * 100))}%` }} />
              </span>
              <span className="usage-window-figure">{Math.round(s.ratio * 100)}%</span>
              <span className="usage-window-reset">
                {budgetSentence(s, folderName)}{' '}
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => void removeBudget(s.budget.id).then(setError)}
                  aria-label={`Remove the ${s.budget.project ? folderName(s.budget.project) : 'overall'} budget per ${s.budget.period}`}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        className="usage-range"
        aria-label="Set a budget"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label>
          Amount ($)
          <input
            className="usage-amount"
            type="number"
            step="0.01"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            required
          />
        </label>
        <label>
          Per
          <select aria-label="Per" value={period} onChange={(e) => setPeriod(e.target.value as BudgetPeriod)}>
            <option value="day">day</option>
            <option value="month">month</option>
          </select>
        </label>
        <label>
          For
          <select aria-label="For" value={project} onChange={(e) => setProject(e.target.value)}>
            <option value={OVERALL}>every project</option>
            {choices.map((p) => (
              <option key={p} value={p}>
                {folderName(p)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn">
          Set budget
        </button>
      </form>
      {error && (
        <p className="usage-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
