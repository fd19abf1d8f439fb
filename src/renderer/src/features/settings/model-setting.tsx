import { useEffect, useId, useState } from 'react';
import { useDesk } from '../../store/store-context';

/** The default model for new turns, as typed (a bare model or `claude-code:<model>[@temperature]`). */
export function ModelSetting() {
  const id = useId();
  const hint = useId();
  const saved = useDesk((s) => s.settings?.defaultModel ?? '');
  const ready = useDesk((s) => s.settings !== null);
  const update = useDesk((s) => s.updateSettings);
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);

  return (
    <form
      className="field"
      onSubmit={(e) => {
        e.preventDefault();
        void update({ defaultModel: value.trim() });
      }}
    >
      <label htmlFor={id} className="field-label">
        Default model
      </label>
      <div className="field-row">
        <input
          id={id}
          value={value}
          placeholder="Claude Code's default (e.g. sonnet, opus, claude-code:sonnet)"
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={hint}
          disabled={!ready}
          spellCheck={false}
        />
        <button type="submit" className="btn" disabled={!ready || value.trim() === saved}>
          Save
        </button>
      </div>
      <p id={hint} className="field-hint">
        A temperature suffix such as <code>@0.2</code> is kept with the name but not sent: Claude Code has no
        temperature setting.
      </p>
    </form>
  );
}
