import { useEffect, useState } from 'react';
import type { BranchSummary } from '../../../../../shared/rewind';
import type { BranchKind, ChatMessage, ThreadBranch } from '../../../../../shared/threads';
import { useDesk } from '../../../store/store-context';
import { ActionDialog } from '../../../ui/action-dialog';

/** What made a version of this message, for the switcher's tooltip. */
const KIND_WORDS: Record<Exclude<BranchKind, 'rewind'>, string> = {
  edit: 'edited',
  regenerate: 'regenerated',
  retry: 'retried',
};

const isRewind = (b: BranchSummary) => (b.kind ?? 'rewind') === 'rewind'; // kinds came later: none reads as a rewind

/**
 * Where the conversation went another way at this message. Regenerate, Edit & resend and Retry made other versions
 * of it: one compact switcher, "◀ 2/3 ▶" as claude.ai has it (the current version is the last), whose arrows show
 * an earlier version with a way to switch to it. A rewind set the rest of the thread aside: a "Rewound here" line.
 */
export function BranchMarker({ threadId, branches }: { threadId: string; branches: BranchSummary[] }) {
  const [open, setOpen] = useState<BranchSummary | undefined>();
  const versions = branches.filter((b) => !isRewind(b)); // oldest first
  const rewinds = branches.filter(isRewind);
  const total = versions.length + 1;
  const shown = open && !isRewind(open) ? versions.indexOf(open) + 1 : total;
  const step = (by: number) => {
    const next = shown + by;
    setOpen(next >= total ? undefined : versions[next - 1]);
  };
  return (
    <div className="branch-marker" data-testid="branch-marker">
      {versions.length > 0 && (
        <div
          className="branch-switcher"
          role="group"
          aria-label="Versions of this message"
          title={`Other versions: ${versions.map((b) => KIND_WORDS[b.kind as keyof typeof KIND_WORDS]).join(', ')}`}
          data-testid="branch-switcher"
        >
          <button
            type="button"
            className="btn btn-ghost btn-icon btn-small"
            aria-label="Show the previous version"
            disabled={shown <= 1}
            onClick={() => step(-1)}
          >
            ◀
          </button>
          <span className="branch-count" aria-live="polite">
            {shown}/{total}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-icon btn-small"
            aria-label="Show the next version"
            disabled={shown >= total}
            onClick={() => step(1)}
          >
            ▶
          </button>
        </div>
      )}
      {rewinds.map((b) => (
        <div key={b.id} className="branch-marker-row">
          <span>
            Rewound here · the other branch has {b.messageCount} {b.messageCount === 1 ? 'message' : 'messages'}
          </span>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(b)}>
            Show the other branch
          </button>
        </div>
      ))}
      {open && <BranchDialog threadId={threadId} summary={open} onClose={() => setOpen(undefined)} />}
    </div>
  );
}

function BranchDialog({ threadId, summary, onClose }: { threadId: string; summary: BranchSummary; onClose(): void }) {
  const [branch, setBranch] = useState<ThreadBranch | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const loadBranch = useDesk((s) => s.loadBranch);
  const switchBranch = useDesk((s) => s.switchBranch);
  const pushNotice = useDesk((s) => s.pushNotice);

  useEffect(() => {
    let live = true;
    loadBranch(threadId, summary.id)
      .then((found) => {
        if (!live) return;
        if (found) setBranch(found);
        else setError('That branch is no longer in this thread.');
      })
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [threadId, summary.id, loadBranch]);

  const switchTo = async (): Promise<void> => {
    setBusy(true);
    try {
      const out = await switchBranch(threadId, summary.id); // and shows it
      const files = out.restored.length ? ` and its files (${out.restored.length})` : '';
      const kept = out.kept.length
        ? ` ${out.kept.length === 1 ? 'One file you changed since was' : `${out.kept.length} files you changed since were`} left as you left them (${out.kept.join(', ')}).`
        : '';
      pushNotice(
        out.kept.length ? 'warning' : 'info',
        `Switched to the other branch${files}. What you had is kept as a branch in its place.${kept}`,
      );
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      title="The other branch"
      className="branch-dialog"
      testId="branch-dialog"
      error={error}
      busy={busy}
      closeLabel="Close"
      onClose={onClose}
      actionLabel="Switch to this branch"
      busyLabel="Switching…"
      actionDisabled={!branch}
      onAction={() => void switchTo()}
      actionTestId="branch-switch"
    >
      {!branch && !error && <p className="rewind-muted">Loading…</p>}
      {branch && (
        <ol className="branch-messages">
          {branch.messages.map((m) => (
            <li key={m.id} className={`branch-message branch-message-${m.role}`}>
              <span className="branch-role">{m.role === 'user' ? 'You' : 'Claude'}</span>
              <p>{textOf(m)}</p>
            </li>
          ))}
        </ol>
      )}
      <p className="rewind-muted">
        Switching brings back this conversation and its files as they were on it; a file you changed since is left as
        you left it.
      </p>
    </ActionDialog>
  );
}

function textOf(m: ChatMessage): string {
  const text =
    m.role === 'user'
      ? m.text
      : m.parts
          .map((p) => (p.kind === 'text' ? p.text : p.kind === 'tool' ? `[${p.name}]` : ''))
          .filter(Boolean)
          .join(' ');
  return text.length > 400 ? `${text.slice(0, 399)}…` : text || '(no text)';
}
