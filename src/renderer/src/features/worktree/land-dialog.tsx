import { useEffect, useId, useState } from 'react';
import type { LandAction, LandOutcome } from '../../../../shared/worktree-changes';
import type { ThreadWorktree } from '../../../../shared/worktree';
import { ActionDialog } from '../../ui/action-dialog';
import { useDesk } from '../../store/store-context';
import { GitProgress } from './git-progress';

/** What each action's dialog says and its button (the button names the action: no dialog confirms a vague "OK"). */
export function landWords(action: LandAction, wt: Pick<ThreadWorktree, 'branch' | 'base'>) {
  switch (action) {
    case 'commit':
      return {
        title: 'Commit the changes',
        label: 'Commit',
        busy: 'Committing…',
        text: `Everything not committed yet in this thread’s worktree is committed on ${wt.branch}, with your own git identity.`,
      };
    case 'merge':
      return {
        title: `Merge into ${wt.base}`,
        label: `Merge into ${wt.base}`,
        busy: 'Merging…',
        text: `What is not committed yet is committed first with this message; then ${wt.base} moves to include ${wt.branch} (a fast-forward when it can, else a merge commit). A conflict changes nothing. If ${wt.base} is checked out with uncommitted changes, nothing is merged until they are committed or stashed there. Unfinished work (a merge in progress, conflict markers) is refused.`,
      };
    case 'keep':
      return {
        title: 'Keep as branch',
        label: 'Keep as branch',
        busy: 'Keeping…',
        text: `What is not committed yet is committed on ${wt.branch}; the branch stays, ${wt.base} is not changed.`,
      };
    case 'pullRequest':
      return {
        title: 'Create pull request',
        label: 'Create pull request',
        busy: 'Opening the pull request…',
        text: `${wt.branch} is committed, pushed and proposed into ${wt.base} with GitHub’s command line (gh). The message’s first line is the title.`,
      };
    case 'discard':
      return {
        title: 'Discard this thread’s work',
        label: 'Discard',
        busy: 'Discarding…',
        text: `The worktree folder and the branch ${wt.branch} are removed. ${wt.base} and your checkout are not touched.`,
      };
  }
}

/**
 * The confirmation of one land action: its words, the editable commit message (drafted from the thread), and what
 * the host refused. A discard that would lose work, or pull the folder from under a Claude Code session still working
 * in it, asks again, with a box to tick for each, before it is forced.
 */
export function LandDialog({
  threadId,
  worktree,
  action,
  onDone,
  onClose,
}: {
  threadId: string;
  worktree: ThreadWorktree;
  action: LandAction;
  onDone(outcome: LandOutcome): void;
  onClose(): void;
}) {
  const draft = useDesk((s) => s.draftCommitMessage);
  const land = useDesk((s) => s.landThread);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Extract<LandOutcome, { ok: false }> | null>(null);
  // What a discard was refused for so far (the loss, the sessions): each box, once shown, stays until the end.
  const [loss, setLoss] = useState<string[] | null>(null);
  const [sessions, setSessions] = useState<string[] | null>(null);
  const [confirmLoss, setConfirmLoss] = useState(false);
  const [confirmSessions, setConfirmSessions] = useState(false);
  // After a merge or Keep as branch the worktree folder is archived (removed, the branch kept) unless kept here.
  const archives = action === 'merge' || action === 'keep';
  const [keepFolder, setKeepFolder] = useState(false);
  const messageId = useId();
  const withMessage = action !== 'discard';
  useEffect(() => {
    if (!withMessage) return;
    let live = true;
    draft(threadId).then(
      (m) => live && setMessage((old) => old ?? m),
      () => live && setMessage((old) => old ?? ''),
    );
    return () => {
      live = false;
    };
  }, [draft, threadId, withMessage]);
  const words = landWords(action, worktree);
  const run = async () => {
    setBusy(true);
    const out = await land({
      threadId,
      action,
      ...(withMessage && message !== undefined ? { message } : {}),
      ...(loss && confirmLoss ? { force: true } : {}),
      ...(sessions && confirmSessions ? { despiteSessions: true } : {}),
      ...(archives && keepFolder ? { keepWorktree: true } : {}),
    });
    setBusy(false);
    // A conflict is shown in the panel, where "Ask Claude to resolve" is.
    if (out.ok || out.reason === 'conflict') return onDone(out);
    setRefusal(out);
    if (out.reason === 'needs-confirmation') setLoss(out.files ?? []);
    if (out.reason === 'live-session') setSessions(out.sessions ?? []);
  };
  const asked = loss !== null || sessions !== null;
  return (
    <ActionDialog
      title={words.title}
      actionLabel={asked ? 'Discard anyway' : words.label}
      busyLabel={words.busy}
      onAction={() => void run()}
      actionDisabled={
        (withMessage && !message?.trim()) || (loss !== null && !confirmLoss) || (sessions !== null && !confirmSessions)
      }
      busy={busy}
      {...(refusal ? { error: refusal.message } : {})}
      onClose={onClose}
      className="land-dialog"
      testId="land-dialog"
      actionTestId="land-confirm"
    >
      <p>{words.text}</p>
      {busy && <GitProgress threadId={threadId} />}
      {sessions !== null && sessions.length > 0 && (
        <ul className="land-loss-files" aria-label="Sessions still working in this worktree">
          {sessions.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
      {sessions !== null && (
        <label className="land-confirm-loss">
          <input type="checkbox" checked={confirmSessions} onChange={(e) => setConfirmSessions(e.target.checked)} />
          Remove the folder even if a session is still working in it
        </label>
      )}
      {loss !== null && loss.length > 0 && (
        <ul className="land-loss-files" aria-label="Work that would be deleted">
          {loss.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {loss !== null && (
        <label className="land-confirm-loss">
          <input type="checkbox" checked={confirmLoss} onChange={(e) => setConfirmLoss(e.target.checked)} />
          Delete this work too
        </label>
      )}
      {archives && (
        <label className="land-confirm-loss">
          <input
            type="checkbox"
            checked={keepFolder}
            onChange={(e) => setKeepFolder(e.target.checked)}
            data-testid="land-keep-folder"
          />
          Keep the worktree folder (otherwise it is removed once landed; the branch {worktree.branch} stays)
        </label>
      )}
      {withMessage && (
        <div className="land-message">
          <label htmlFor={messageId}>Commit message</label>
          <textarea
            id={messageId}
            rows={5}
            value={message ?? ''}
            placeholder={message === undefined ? 'Drafting from the thread…' : ''}
            onChange={(e) => setMessage(e.target.value)}
            data-testid="land-message"
          />
        </div>
      )}
    </ActionDialog>
  );
}
