import { DiffView } from '../tools/diff-view';
import { wholeFileDiff } from '../tools/diff-rows';

const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v, null, 2));

/** The argument a person edited on the approval card: the command, the new content, the replacement. */
const EDITABLE = [
  ['command', 'Command'],
  ['content', 'Content'],
  ['new_string', 'Replacement'],
] as const;

/**
 * What Claude proposed against what ran, for a call edited before it was allowed: the edited argument as a diff
 * (the diff view the edit cards use, proposed on the left), never the input as an object. Arguments other than the
 * editable one are the model's and did not change, so they are not repeated.
 */
export function ProposedDiff({ proposed, ran }: { proposed: unknown; ran: unknown }) {
  const before = (proposed ?? {}) as Record<string, unknown>;
  const after = (ran ?? {}) as Record<string, unknown>;
  const changed = EDITABLE.filter(([key]) => text(before[key]) !== text(after[key]));
  const shown = changed.length > 0 ? changed : EDITABLE.filter(([key]) => typeof before[key] === 'string');
  return (
    <div className="proposed-diff" data-testid="tool-proposed">
      {shown.map(([key, label]) => (
        <DiffView
          key={key}
          diff={wholeFileDiff('', text(before[key]), text(after[key]))}
          caption={`${label}: Claude proposed (−) → what ran (+)`}
          showPath={false}
        />
      ))}
    </div>
  );
}
