import { useEffect, useRef, useState } from 'react';
import type { BringHow, BringOutcome, LandAction, LandOutcome } from '../../../../shared/worktree-changes';
import type { FileChange, ThreadWorktree, WorktreeChanges } from '../../../../shared/worktree';
import { BringBase, Unfinished } from './bring-base';
import { TidyDialog } from './tidy-dialog';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { FileDiff } from './file-diff';
import { LandDialog } from './land-dialog';
import { useUnderHeader } from './use-under-header';
import './changes.css';

const STATUS_WORD: Record<FileChange['status'], string> = {
  added: 'added',
  modified: 'modified',
  deleted: 'deleted',
  renamed: 'renamed',
};

function FileRow({ file, selected, onSelect }: { file: FileChange; selected: boolean; onSelect(): void }) {
  return (
    <li>
      <button
        type="button"
        className="changes-file"
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        data-testid="changes-file"
      >
        <span className={`changes-status changes-status-${file.status}`}>{STATUS_WORD[file.status]}</span>
        <span className="changes-path">{file.path}</span>
        {file.uncommitted && !file.conflicted && <span className="changes-uncommitted">not committed</span>}
        <span className="changes-counts">
          {file.conflicted ? (
            <span className="changes-conflicted">conflicted</span>
          ) : file.binary ? (
            'binary'
          ) : (
            <>
              <span className="diff-stat-add">+{file.added}</span>{' '}
              <span className="diff-stat-del">−{file.removed}</span>
            </>
          )}
        </span>
      </button>
    </li>
  );
}

/** The conflict a merge stopped on (nothing was changed): its files, and bringing the base in to resolve them. */
function Conflict({
  threadId,
  base,
  how,
  files,
  onOutcome,
}: {
  threadId: string;
  base: string;
  how: BringHow;
  files: string[];
  onOutcome(out: BringOutcome): void;
}) {
  return (
    <div className="changes-conflict" role="alert" data-testid="changes-conflict">
      <p>
        Merging into {base} conflicts in {files.length === 1 ? 'this file' : 'these files'}; nothing was changed.
      </p>
      <ul>
        {files.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <BringBase
        threadId={threadId}
        base={base}
        how={how}
        lead={`Bring ${base} into this thread to resolve ${files.length === 1 ? 'it' : 'them'} here, then merge again.`}
        onOutcome={onOutcome}
      />
    </div>
  );
}

const ACTIONS: LandAction[] = ['commit', 'merge', 'keep', 'pullRequest', 'discard'];
const ACTION_LABEL = (a: LandAction, base: string) =>
  ({
    commit: 'Commit',
    merge: `Merge into ${base}`,
    keep: 'Keep as branch',
    pullRequest: 'Create pull request',
    discard: 'Discard',
  })[a];

const PR_NOTE_ID = 'changes-pr-note';
const BLOCKED_NOTE_ID = 'changes-blocked-note';

/** Why the land actions do not apply now, if they do not. */
function blockedWhy(data: WorktreeChanges | null, base: string): { why: string; discard: boolean } | undefined {
  if (!data) return undefined;
  if (data.unfinished)
    return {
      why: data.unfinished.operation
        ? `Finish or abort the ${data.unfinished.operation} above first: nothing is committed or merged half way.`
        : 'Resolve the conflict markers above first: nothing is committed or merged with them in.',
      discard: true,
    };
  if (data.changes.length === 0 && data.ahead === 0)
    return { why: `Nothing to land: this thread has no changes against ${base}.`, discard: true };
  return undefined;
}

/**
 * The land actions. Create pull request is offered only when it can work (gh installed and logged in, a remote),
 * asked when the panel opens; otherwise it is disabled, with the one sentence saying what is missing below.
 */
function LandActions({
  threadId,
  worktree,
  blocked,
  onAction,
}: {
  threadId: string;
  worktree: ThreadWorktree;
  /** Why no land applies now (unfinished work, nothing to land), said under the buttons; undefined: they apply. */
  blocked: { why: string; discard: boolean } | undefined;
  onAction(action: LandAction): void;
}) {
  const readiness = useDesk((s) => s.pullRequestReadiness[worktree.repo]);
  const check = useDesk((s) => s.checkPullRequest);
  useEffect(() => {
    check(threadId, worktree.repo);
  }, [check, threadId, worktree.repo]);
  const prReady = readiness?.ready === true;
  return (
    <div className="changes-footer">
      <div className="changes-actions" role="group" aria-label="Land this thread’s work">
        {ACTIONS.map((a) => (
          <button
            key={a}
            type="button"
            className={`btn btn-small ${a === 'merge' ? 'btn-primary' : ''} ${a === 'discard' ? 'changes-discard' : ''}`}
            onClick={() => onAction(a)}
            disabled={
              (blocked !== undefined && (a !== 'discard' || !blocked.discard)) || (a === 'pullRequest' && !prReady)
            }
            aria-describedby={
              blocked !== undefined && (a !== 'discard' || !blocked.discard)
                ? BLOCKED_NOTE_ID
                : a === 'pullRequest' && !prReady
                  ? PR_NOTE_ID
                  : undefined
            }
            data-testid={`land-${a}`}
          >
            {ACTION_LABEL(a, worktree.base)}
          </button>
        ))}
      </div>
      {blocked && (
        <p id={BLOCKED_NOTE_ID} className="changes-pr-note muted" data-testid="changes-blocked-note">
          {blocked.why}
        </p>
      )}
      {!prReady && !blocked && (
        <p id={PR_NOTE_ID} className="changes-pr-note muted" data-testid="changes-pr-note">
          {readiness === undefined ? 'Checking whether pull requests can be opened from here…' : readiness.message}
        </p>
      )}
    </div>
  );
}

/**
 * A worktree thread's Changes: every file that differs from its base with +/−, the chosen file's diff, and the land
 * actions, each confirmed in a dialog. Kept live by the host's changesChanged while the agent works.
 */
export function ChangesPanel({
  threadId,
  worktree,
  onClose,
}: {
  threadId: string;
  worktree: ThreadWorktree;
  /** Close the panel (and give focus back to what opened it). */
  onClose(): void;
}) {
  const entry = useDesk((s) => (s.changes?.threadId === threadId ? s.changes : null));
  const [selected, setSelected] = useState<string | null>(null);
  const [action, setAction] = useState<LandAction | null>(null);
  const [outcome, setOutcome] = useState<LandOutcome | null>(null);
  const [bringNote, setBringNote] = useState<BringOutcome | null>(null);
  const [tidying, setTidying] = useState(false);
  const data = entry?.data ?? null;
  const files = data?.changes ?? [];
  const shown = files.find((f) => f.path === selected) ?? files[0];
  const gone = worktree.state === 'discarded' || worktree.archived === true || worktree.goneChoice !== undefined;
  const panel = useRef<HTMLElement>(null);
  const place = useUnderHeader(panel);
  return (
    <section
      ref={panel}
      style={place}
      className="changes-panel"
      aria-labelledby="changes-title"
      data-testid="changes-panel"
      // Esc closes the panel; while a dialog is open, Esc is the dialog's (it closes only the dialog).
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !action && !tidying) onClose();
      }}
    >
      <div className="changes-head">
        <h2 id="changes-title">Changes</h2>
        <span className="changes-branch muted">
          {worktree.branch} → {worktree.base}
          {data && ` · ${data.ahead} ahead, ${data.behind} behind`}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => setTidying(true)}
          title="Worktrees and branches Claude Desk made in this project that no thread works in any more"
          data-testid="tidy-open"
        >
          Tidy up…
        </button>
        <button type="button" className="btn btn-ghost btn-icon" aria-label="Close Changes" onClick={onClose}>
          <Icon name="x" />
        </button>
      </div>
      {outcome?.ok && (
        <p className="changes-done" role="status" data-testid="changes-outcome">
          {outcome.message}
          {outcome.url && (
            <>
              {' '}
              <a href={outcome.url} target="_blank" rel="noreferrer">
                {outcome.url}
              </a>
            </>
          )}
        </p>
      )}
      {outcome && !outcome.ok && outcome.reason === 'conflict' && !data?.unfinished && (
        <Conflict
          threadId={threadId}
          base={worktree.base}
          how={data?.bringHow ?? 'merge'}
          files={outcome.files ?? []}
          onOutcome={(out) => {
            setBringNote(out);
            if (out.ok) setOutcome(null);
          }}
        />
      )}
      {data?.unfinished && (
        <Unfinished
          // A rebase that stops again on its next commit is a new stop: its buttons start afresh.
          key={`${data.unfinished.operation ?? ''}:${data.ahead}:${data.unfinished.conflicted.join('\0')}`}
          threadId={threadId}
          worktree={worktree}
          unfinished={data.unfinished}
          note={bringNote}
          onOutcome={setBringNote}
        />
      )}
      {bringNote?.ok && !data?.unfinished && (
        <p className="changes-done" role="status" data-testid="bring-outcome">
          {bringNote.message}
        </p>
      )}
      {entry?.error && (
        <p className="changes-error" role="alert">
          {entry.error}
        </p>
      )}
      {gone ? (
        <p className="muted changes-note" data-testid="changes-gone">
          {worktree.state === 'discarded'
            ? 'This thread’s worktree was discarded.'
            : `This thread’s worktree folder was removed after it was ${worktree.state === 'merged' ? `merged into ${worktree.base}` : 'kept as a branch'}; the branch ${worktree.branch} stays.`}
        </p>
      ) : entry === null ? (
        <p className="muted changes-note">Reading the changes…</p>
      ) : (
        <>
          <p className="changes-summary" data-testid="changes-summary">
            {files.length === 0
              ? `No changes against ${worktree.base}.`
              : `${data?.files} file${data?.files === 1 ? '' : 's'} changed, +${data?.added} −${data?.removed}`}
          </p>
          {data &&
            data.behind > 0 &&
            !data.unfinished &&
            !(outcome && !outcome.ok && outcome.reason === 'conflict') && (
              <BringBase
                threadId={threadId}
                base={worktree.base}
                how={data.bringHow ?? 'merge'}
                lead={`${worktree.base} has ${data.behind} commit${data.behind === 1 ? '' : 's'} this thread does not.`}
                onOutcome={setBringNote}
              />
            )}
          {files.length > 0 && (
            <ul className="changes-files" aria-label="Changed files">
              {files.map((f) => (
                <FileRow key={f.path} file={f} selected={f === shown} onSelect={() => setSelected(f.path)} />
              ))}
            </ul>
          )}
          {shown && (
            <div className="changes-diff">
              <FileDiff threadId={threadId} file={shown} />
            </div>
          )}
        </>
      )}
      {!gone && (
        <LandActions
          threadId={threadId}
          worktree={worktree}
          blocked={blockedWhy(data, worktree.base)}
          onAction={setAction}
        />
      )}
      {tidying && <TidyDialog repo={worktree.repo} onClose={() => setTidying(false)} />}
      {action && (
        <LandDialog
          threadId={threadId}
          worktree={worktree}
          action={action}
          onClose={() => setAction(null)}
          onDone={(out) => {
            setAction(null);
            setOutcome(out);
          }}
        />
      )}
    </section>
  );
}
