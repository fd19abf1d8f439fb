import { useId, useState } from 'react';
import type { BringHow, BringOutcome } from '../../../../shared/worktree-changes';
import type { ThreadWorktree, UnfinishedWork } from '../../../../shared/worktree';
import { useDesk } from '../../store/store-context';
import { GitProgress } from './git-progress';

/**
 * "Bring <base> into this thread": merge the base in or rebase onto it (the project's last choice first). Claude
 * Desk runs the git part; a stop on conflicts shows as the panel's unfinished work, with the ways on.
 */
export function BringBase({
  threadId,
  base,
  how: remembered,
  lead,
  onOutcome,
}: {
  threadId: string;
  base: string;
  how: BringHow;
  /** The sentence before the choice (why bring it in now). */
  lead: string;
  onOutcome(out: BringOutcome): void;
}) {
  const bring = useDesk((s) => s.bringBase);
  const [how, setHow] = useState<BringHow>(remembered);
  const [busy, setBusy] = useState(false);
  const name = useId();
  return (
    <div className="changes-bring" data-testid="changes-bring">
      <p>{lead}</p>
      <fieldset className="changes-bring-how">
        <legend className="visually-hidden">How to bring {base} in</legend>
        <label>
          <input type="radio" name={name} checked={how === 'merge'} onChange={() => setHow('merge')} />
          Merge {base} in
        </label>
        <label>
          <input type="radio" name={name} checked={how === 'rebase'} onChange={() => setHow('rebase')} />
          Rebase onto {base}
        </label>
      </fieldset>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void bring(threadId, how).then((out) => {
            setBusy(false);
            onOutcome(out);
          });
        }}
        data-testid="bring-base"
      >
        {busy ? `Bringing ${base} in…` : `Bring ${base} into this thread`}
      </button>
      {busy && <GitProgress threadId={threadId} />}
    </div>
  );
}

type Asked = 'claude' | 'myself' | 'failed' | null;

/**
 * What must be finished before anything lands: a merge or rebase stopped on conflicts (its files marked), or
 * conflict markers left in a file. Claude resolves them (it is sent only these files, to edit — its turn's end makes
 * Claude Desk check them and finish), or the user does in their editor, then Finish; Abort puts everything back.
 */
export function Unfinished({
  threadId,
  worktree,
  unfinished,
  note,
  onOutcome,
}: {
  threadId: string;
  worktree: ThreadWorktree;
  unfinished: UnfinishedWork;
  /** The last bring step's outcome, when it was about this. */
  note: BringOutcome | null;
  onOutcome(out: BringOutcome): void;
}) {
  const resolve = useDesk((s) => s.resolveBring);
  const finish = useDesk((s) => s.finishBring);
  const abort = useDesk((s) => s.abortBring);
  const [asked, setAsked] = useState<Asked>(null);
  const [busy, setBusy] = useState(false);
  const { operation, conflicted, markers } = unfinished;
  const files = [...new Set([...conflicted, ...markers])];
  const base = worktree.base;
  const title =
    operation === 'merge'
      ? `Merging ${base} into this thread stopped on conflicts`
      : operation === 'rebase'
        ? `Rebasing onto ${base} stopped on conflicts`
        : operation
          ? `A ${operation} is in progress in this thread’s worktree`
          : 'Conflict markers are left in this thread’s work';
  const finishable = operation === 'merge' || operation === 'rebase';
  const run = (call: () => Promise<BringOutcome>) => {
    setBusy(true);
    void call().then((out) => {
      setBusy(false);
      onOutcome(out);
    });
  };
  return (
    <div className="changes-conflict" role="region" aria-label="Unfinished merge" data-testid="changes-unfinished">
      <p className="changes-conflict-title">
        <strong>{title}</strong>. Nothing can be committed or merged until {files.length === 1 ? 'it is' : 'they are'}{' '}
        resolved.
      </p>
      <ul aria-label="Conflicted files">
        {files.map((f) => (
          <li key={f}>
            {f}
            {conflicted.includes(f) ? ' — conflicted' : ' — conflict markers'}
          </li>
        ))}
      </ul>
      <div className="changes-actions">
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={busy || asked === 'claude'}
          onClick={() =>
            void resolve(threadId, 'claude', worktree.path).then((ok) => setAsked(ok ? 'claude' : 'failed'))
          }
          data-testid="bring-claude"
        >
          Have Claude resolve
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() =>
            void resolve(threadId, 'myself', worktree.path).then((ok) => setAsked(ok ? 'myself' : 'failed'))
          }
          data-testid="bring-myself"
        >
          Resolve myself
        </button>
        {finishable && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => run(() => finish(threadId))}
            data-testid="bring-finish"
          >
            {operation === 'merge' ? 'Finish merge' : 'Continue rebase'}
          </button>
        )}
        {operation && (
          <button
            type="button"
            className="btn btn-small changes-discard"
            disabled={busy}
            onClick={() => run(() => abort(threadId))}
            data-testid="bring-abort"
          >
            Abort
          </button>
        )}
      </div>
      <p className="changes-bring-note" role="status" data-testid="bring-note">
        {note && !note.ok
          ? note.message
          : asked === 'claude'
            ? `Sent to Claude in this thread, to edit ${files.length === 1 ? 'this file' : 'these files'} only. When its turn ends, Claude Desk checks ${files.length === 1 ? 'it' : 'them'} and ${finishable ? `completes the ${operation}` : 'says what is left'}.`
            : asked === 'myself'
              ? `Edit ${files.length === 1 ? 'it' : 'them'} in your editor (in ${worktree.path}), remove every conflict marker, save, then ${finishable ? (operation === 'merge' ? 'Finish merge' : 'Continue rebase') : 'commit'}.`
              : asked === 'failed'
                ? 'That could not be done: open this thread and try again.'
                : (note?.message ?? '')}
      </p>
    </div>
  );
}
