import { useEffect, useState } from 'react';
import type { TidyItem } from '../../../../shared/worktree';
import { ActionDialog } from '../../ui/action-dialog';
import { useDesk } from '../../store/store-context';

const keyOf = (item: TidyItem) => item.path ?? item.branch ?? '';

/**
 * "Tidy up": the repository's worktrees and branches Claude Desk made that no thread works in any more, each with
 * what it holds; the ones ticked are removed. Nothing is ticked for the user unless it holds nothing not on its base.
 */
export function TidyDialog({ repo, onClose }: { repo: string; onClose(): void }) {
  const list = useDesk((s) => s.listStaleWorktrees);
  const tidy = useDesk((s) => s.tidyWorktrees);
  const [items, setItems] = useState<TidyItem[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const load = () =>
    list(repo).then(
      (found) => {
        setItems(found);
        setChosen(new Set(found.filter((i) => i.uncommitted === 0 && i.unmerged === 0).map(keyOf)));
      },
      (err: unknown) => {
        setItems([]);
        setSaid({ text: err instanceof Error ? err.message : String(err), error: true });
      },
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [repo]);
  const run = async () => {
    setBusy(true);
    const picked = (items ?? []).filter((i) => chosen.has(keyOf(i)));
    const out = await tidy(
      repo,
      picked.map((i) => ({ ...(i.path ? { path: i.path } : {}), ...(i.branch ? { branch: i.branch } : {}) })),
    );
    setBusy(false);
    setSaid({ text: out.message, error: out.removed < picked.length });
    await load();
  };
  return (
    <ActionDialog
      title="Tidy up worktrees"
      actionLabel={`Remove ${chosen.size}`}
      busyLabel="Removing…"
      onAction={() => void run()}
      actionDisabled={chosen.size === 0}
      busy={busy}
      {...(said?.error ? { error: said.text } : {})}
      onClose={onClose}
      className="tidy-dialog"
      testId="tidy-dialog"
      actionTestId="tidy-confirm"
    >
      <p>
        Worktrees and branches Claude Desk made in {repo} that no thread works in any more. What each still holds is
        said beside it; a removed worktree takes its branch with it.
      </p>
      {said && !said.error && (
        <p role="status" data-testid="tidy-outcome">
          {said.text}
        </p>
      )}
      {items === null ? (
        <p className="muted">Looking…</p>
      ) : items.length === 0 ? (
        <p className="muted" data-testid="tidy-empty">
          Nothing to tidy: every worktree and branch Claude Desk made here is in use.
        </p>
      ) : (
        <ul className="tidy-list" aria-label="Stale worktrees and branches">
          {items.map((item) => {
            const key = keyOf(item);
            return (
              <li key={key}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.has(key)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(key);
                      else next.delete(key);
                      setChosen(next);
                    }}
                    data-testid="tidy-item"
                  />
                  <span className="tidy-name">{item.branch ?? item.path}</span>
                  <span className="muted">
                    {item.kind === 'worktree' ? 'worktree and branch' : 'branch'}
                    {item.thread ? ` · “${item.thread}”` : ' · its thread is deleted'} · {item.holds}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </ActionDialog>
  );
}
