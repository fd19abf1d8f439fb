import { useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint: string;
  /** Drawn in the warning color when chosen (full access). */
  danger?: boolean;
}

/**
 * One choice among a few, as cards (the settings screen's one control style): a real radio group
 * underneath, so arrows move the choice and screen readers say "radio, 2 of 3".
 */
export function ChoiceCards<T extends string>({
  legend,
  choices,
  value,
  onChoose,
  disabled,
  testId,
  children,
}: {
  legend: string;
  choices: Choice<T>[];
  value: T | undefined;
  onChoose(value: T): void;
  disabled?: boolean;
  testId?: string;
  children?: React.ReactNode;
}) {
  const name = useId();
  return (
    <fieldset className="choice-cards" disabled={disabled} data-testid={testId}>
      <legend className="field-label">{legend}</legend>
      <div className="segmented" style={{ gridTemplateColumns: `repeat(${choices.length}, 1fr)` }}>
        {choices.map((c) => (
          <label
            key={c.value}
            className={`segment ${value === c.value ? 'selected' : ''} ${c.danger ? 'segment-danger' : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChoose(c.value)}
            />
            <span className="segment-label">{c.label}</span>
            <span className="segment-hint">{c.hint}</span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
