import { useId } from 'react';
import type { ToolPolicy } from '../../../../shared/settings';
import { useDesk } from '../../store/store-context';

const OPTIONS: { value: ToolPolicy; label: string; hint: string }[] = [
  { value: 'all', label: 'All', hint: 'Memory and thread tools, reading and writing.' },
  { value: 'read-only', label: 'Read-only', hint: 'Claude can recall and look up, but not save or change.' },
  { value: 'none', label: 'None', hint: "Claude Desk's own tools are not offered." },
];

/** Which of Claude Desk's own tools (memory, threads) the model may use. */
export function ToolPolicySetting() {
  const name = useId();
  const policy = useDesk((s) => s.settings?.toolPolicy);
  const update = useDesk((s) => s.updateSettings);
  return (
    <fieldset className="field" disabled={!policy} data-testid="tool-policy">
      <legend className="field-label">Claude Desk tools</legend>
      <div className="radio-list">
        {OPTIONS.map((o) => (
          <label key={o.value} className="radio-row">
            <input type="radio" name={name} checked={policy === o.value} onChange={() => void update({ toolPolicy: o.value })} />
            <span>
              <strong>{o.label}</strong> <span className="muted">— {o.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
