import { useId } from 'react';
import type { RewindScope } from '../../../../../shared/rewind';

/** The choices Claude Code's own rewind offers (its VS Code extension words them so), in its order. */
const SCOPES: { scope: RewindScope; name: string; hint: string }[] = [
  { scope: 'both', name: 'Code and conversation', hint: 'The files go back and the message returns to the composer.' },
  { scope: 'conversation', name: 'Conversation only', hint: 'The files stay as they are now.' },
  { scope: 'code', name: 'Code only', hint: 'The files go back; the conversation goes on from where it is.' },
];

/** What a rewind takes back: one radio group, each choice named in words and explained in a line under it. */
export function RewindScopeChoice({ value, onChange }: { value: RewindScope; onChange(scope: RewindScope): void }) {
  const id = useId();
  return (
    <div className="rewind-scopes" role="radiogroup" aria-label="What to rewind">
      {SCOPES.map(({ scope, name, hint }) => (
        // The label holds the name alone (axe: a control's visible label is its accessible name); the hint is its
        // description. The whole card still picks the choice.
        <div
          key={scope}
          className={value === scope ? 'rewind-scope rewind-scope-on' : 'rewind-scope'}
          onClick={() => onChange(scope)}
        >
          <input
            id={`${id}-${scope}`}
            type="radio"
            name={`${id}-scope`}
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
            aria-describedby={`${id}-${scope}-hint`}
          />
          <span className="rewind-scope-text">
            <label htmlFor={`${id}-${scope}`} className="rewind-scope-name">
              {name}
            </label>
            <span id={`${id}-${scope}-hint`} className="rewind-scope-hint">
              {hint}
            </span>
          </span>
        </div>
      ))}
    </div>
  );
}
