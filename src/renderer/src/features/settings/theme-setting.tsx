import { useId } from 'react';
import type { Theme } from '../../../../shared/settings';
import { useDesk } from '../../store/store-context';

const CHOICES: { value: Theme; label: string; hint: string }[] = [
  { value: 'system', label: 'System', hint: 'follows your computer’s light or dark setting' },
  { value: 'light', label: 'Light', hint: '' },
  { value: 'dark', label: 'Dark', hint: '' },
];

/** Theme: System / Light / Dark, saved with the settings and applied at once (ui/theme.ts). */
export function ThemeSetting() {
  const legend = useId();
  const theme = useDesk((s) => s.settings?.theme);
  const update = useDesk((s) => s.updateSettings);
  return (
    <section className="card" aria-labelledby={legend} data-testid="theme-setting">
      <h2 id={legend}>Theme</h2>
      <div role="radiogroup" aria-labelledby={legend} className="theme-choices">
        {CHOICES.map((c) => (
          <label key={c.value} className="radio-row">
            <input
              type="radio"
              name="theme"
              value={c.value}
              checked={(theme ?? 'system') === c.value}
              disabled={theme === undefined}
              onChange={() => void update({ theme: c.value })}
            />
            <span>
              <strong>{c.label}</strong>
              {c.hint && <span className="muted"> — {c.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </section>
  );
}
