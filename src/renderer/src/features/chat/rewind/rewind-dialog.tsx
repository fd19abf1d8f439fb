import { useEffect, useId, useState } from 'react';
import type { RewindFile, RewindOutcome, RewindPreview, RewindScope } from '../../../../../shared/rewind';
import { useDesk } from '../../../store/store-context';
import { ActionDialog } from '../../../ui/action-dialog';
import { ACTION_LABEL, RewindFileRow } from './rewind-file-row';
import { RewindScopeChoice } from './rewind-scope-choice';

const INTRO: Record<RewindScope, string> = {
  both: 'The files and the conversation go back to before this message, and the message returns to the composer. What came after stays in the thread as another branch.',
  conversation:
    'The conversation goes back to before this message and the message returns to the composer; no file is touched. What came after stays in the thread as another branch.',
  code: 'The files go back to how they were before this message. The conversation stays as it is.',
};

/**
 * "Rewind to here": first the dry run — every file that will change, each with its diff — and the choice of what
 * goes back (code and conversation, conversation only, code only), then, on confirm, the rewind. A file changed by
 * someone other than this thread's Claude since is kept unless its box is ticked: by the user (a conflict), or by
 * another thread working in the same folder (listed apart, unticked).
 */
export function RewindDialog({
  threadId,
  messageId,
  onClose,
}: {
  threadId: string;
  messageId: string;
  onClose(): void;
}) {
  const [preview, setPreview] = useState<RewindPreview | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [scope, setScope] = useState<RewindScope>('both');
  const [overwrite, setOverwrite] = useState<Set<string>>(new Set());
  const previewRewind = useDesk((s) => s.previewRewind);
  const rewindThread = useDesk((s) => s.rewindThread);
  const pushNotice = useDesk((s) => s.pushNotice);
  const othersHeading = useId();

  useEffect(() => {
    let live = true;
    previewRewind(threadId, messageId)
      .then((p) => live && setPreview(p))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [threadId, messageId, previewRewind]);

  const files = preview?.files ?? [];
  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      // The store puts the message back in the composer (when the conversation goes back) and shows the thread.
      const out = await rewindThread(threadId, messageId, [...overwrite], scope);
      pushNotice('info', outcomeWords(out, files));
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  const tick = (path: string, on: boolean) =>
    setOverwrite((prev) => {
      const next = new Set(prev);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });
  const mine = files.filter((f) => !f.otherThread);
  const others = files.filter((f) => f.otherThread);
  const yours = mine.filter((f) => f.conflict);
  const changing = files.filter((f) => !f.conflict || overwrite.has(f.path)).length;
  const withFiles = scope !== 'conversation';
  return (
    <ActionDialog
      title="Rewind to before this message"
      className="rewind-dialog"
      testId="rewind-dialog"
      error={error}
      busy={busy}
      onClose={onClose}
      actionLabel={actionLabel(scope, changing)}
      busyLabel="Rewinding…"
      actionDisabled={!preview || (scope === 'code' && changing === 0)}
      onAction={() => void confirm()}
      actionTestId="rewind-confirm"
    >
      {!preview && !error && <p className="rewind-muted">Checking which files would change…</p>}
      {preview && (
        <>
          <RewindScopeChoice value={scope} onChange={setScope} />
          <p>{INTRO[scope]}</p>
          {withFiles && mine.length === 0 && (
            <p className="rewind-muted" data-testid="rewind-no-files">
              No file changes of this thread to undo.
            </p>
          )}
          {withFiles && mine.length > 0 && (
            <ul className="rewind-files" aria-label="Files that will change">
              {mine.map((f) => (
                <RewindFileRow
                  key={f.path}
                  file={f}
                  tick={
                    f.conflict
                      ? {
                          checked: overwrite.has(f.path),
                          label: 'Replace my changes too',
                          onChange: (on) => tick(f.path, on),
                        }
                      : undefined
                  }
                />
              ))}
            </ul>
          )}
          {withFiles && yours.length > 0 && (
            <p className="rewind-muted">
              {yours.length === 1 ? 'One file was' : `${yours.length} files were`} changed after Claude&apos;s last
              turn, by you or another program: left as they are unless you tick them.
            </p>
          )}
          {withFiles && others.length > 0 && (
            <section className="rewind-others">
              <h3 id={othersHeading} className="rewind-section-title">
                Changed by another thread
              </h3>
              <p className="rewind-muted">
                Another thread working in this folder changed {others.length === 1 ? 'this file' : 'these files'} last:
                kept as {others.length === 1 ? 'it is' : 'they are'} unless you tick{' '}
                {others.length === 1 ? 'it' : 'them'}.
              </p>
              <ul className="rewind-files" aria-labelledby={othersHeading}>
                {others.map((f) => (
                  <RewindFileRow
                    key={f.path}
                    file={f}
                    tick={{
                      checked: overwrite.has(f.path),
                      label: `${ACTION_LABEL[f.action]} ${f.path} too`,
                      onChange: (on) => tick(f.path, on),
                    }}
                  />
                ))}
              </ul>
            </section>
          )}
          {withFiles &&
            preview.limits.map((l) => (
              <p key={l} className="rewind-limit" role="note">
                {l}
              </p>
            ))}
        </>
      )}
    </ActionDialog>
  );
}

function actionLabel(scope: RewindScope, changing: number): string {
  const files = `${changing} ${changing === 1 ? 'file' : 'files'}`;
  if (scope === 'conversation' || (scope === 'both' && changing === 0)) return 'Rewind the conversation';
  if (scope === 'code') return changing > 0 ? `Restore ${files}` : 'No files to restore';
  return `Rewind and restore ${files}`;
}

/** The notice after a rewind: what moved, what was kept and why, where the message went. */
function outcomeWords(out: RewindOutcome, files: RewindFile[]): string {
  if (out.scope === 'conversation')
    return 'Rewound the conversation; no file was touched. Your message is back in the composer; the earlier branch stays in this thread.';
  const restored = out.restored.length === 1 ? '1 file restored' : `${out.restored.length} files restored`;
  const ofOthers = out.kept.filter((p) => files.some((f) => f.path === p && f.otherThread)).length;
  const byYou = out.kept.length - ofOthers;
  const kept = [
    byYou ? `; ${byYou} you changed kept as they are` : '',
    ofOthers ? `; ${ofOthers} another thread changed kept as ${ofOthers === 1 ? 'it is' : 'they are'}` : '',
  ].join('');
  if (out.scope === 'code') return `${restored}${kept}. The conversation is unchanged.`;
  return `Rewound: ${restored}${kept}. Your message is back in the composer; the earlier branch stays in this thread.`;
}
