import { useDesk } from '../../store/store-context';

/**
 * Whether a new thread in a git project works in its own git worktree (`<repo>/.claude/worktrees/<name>`, as
 * `claude -w` makes them) unless its empty state says otherwise. Threads already started keep what they have.
 */
export function WorktreeDefaultSetting() {
  const on = useDesk((s) => s.settings?.newThreadWorktree);
  const update = useDesk((s) => s.updateSettings);
  return (
    <fieldset className="field" disabled={on === undefined} data-testid="worktree-default-setting">
      <legend className="field-label">Parallel threads</legend>
      <label className="radio-row">
        <input
          type="checkbox"
          checked={on ?? false}
          onChange={(e) => void update({ newThreadWorktree: e.target.checked })}
        />
        <span>
          <strong>New threads in a git project get their own worktree</strong>{' '}
          <span className="muted">
            — a separate checkout on its own branch (in .claude/worktrees), so threads working at once never touch each
            other&apos;s files or yours. Off: new threads work in the project folder itself.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
