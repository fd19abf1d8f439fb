import { useEffect, useState } from 'react';
import type { RewindFile, RewindPreview } from '../../../../../shared/rewind';
import { useDesk } from '../../../store/store-context';
import { ActionDialog } from '../../../ui/action-dialog';
import { FileChangePreview } from './file-change-preview';

const ACTION_LABEL: Record<RewindFile['action'], string> = {
  restore: 'Restore',
  delete: 'Remove',
  recreate: 'Bring back',
};

/**
 * "Rewind to here": first the dry run — every file that will change, with what it goes back to — then, on
 * confirm, the files and the conversation go back together and the message returns to the composer. A file
 * changed by someone other than Claude since is a conflict: kept unless its box is ticked.
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
  const [overwrite, setOverwrite] = useState<Set<string>>(new Set());
  const previewRewind = useDesk((s) => s.previewRewind);
  const rewindThread = useDesk((s) => s.rewindThread);
  const pushNotice = useDesk((s) => s.pushNotice);

  useEffect(() => {
    let live = true;
    previewRewind(threadId, messageId)
      .then((p) => live && setPreview(p))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [threadId, messageId, previewRewind]);

  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      // The store puts the message back in the composer and shows the rewound thread.
      const out = await rewindThread(threadId, messageId, [...overwrite]);
      const files = out.restored.length === 1 ? '1 file restored' : `${out.restored.length} files restored`;
      const kept = out.kept.length ? `; ${out.kept.length} you changed kept as they are` : '';
      pushNotice(
        'info',
        `Rewound: ${files}${kept}. Your message is back in the composer; the earlier branch stays in this thread.`,
      );
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  const files = preview?.files ?? [];
  const conflicts = files.filter((f) => f.conflict);
  const changing = files.filter((f) => !f.conflict || overwrite.has(f.path)).length;
  return (
    <ActionDialog
      title="Rewind to before this message"
      className="rewind-dialog"
      testId="rewind-dialog"
      error={error}
      busy={busy}
      onClose={onClose}
      actionLabel={
        changing > 0 ? `Rewind and restore ${changing} ${changing === 1 ? 'file' : 'files'}` : 'Rewind the conversation'
      }
      busyLabel="Rewinding…"
      actionDisabled={!preview}
      onAction={() => void confirm()}
      actionTestId="rewind-confirm"
    >
      {!preview && !error && <p className="rewind-muted">Checking which files would change…</p>}
      {preview && (
        <>
          <p>
            The conversation goes back to before this message and the message returns to the composer. What came after
            stays in the thread as another branch.
          </p>
          {files.length === 0 ? (
            <p className="rewind-muted" data-testid="rewind-no-files">
              No file changes to undo.
            </p>
          ) : (
            <ul className="rewind-files" aria-label="Files that will change">
              {files.map((f) => (
                <li
                  key={f.path}
                  className={f.conflict ? 'rewind-file rewind-conflict' : 'rewind-file'}
                  data-testid="rewind-file"
                >
                  <details>
                    <summary>
                      <span className={`rewind-action rewind-action-${f.action}`}>{ACTION_LABEL[f.action]}</span>
                      <code className="rewind-path">{f.path}</code>
                      {f.conflict && <span className="rewind-badge">Changed after Claude — kept</span>}
                      {f.earlierUnknown && (
                        <span className="rewind-badge rewind-badge-cli">Earlier version kept by Claude Code</span>
                      )}
                    </summary>
                    <FileChangePreview file={f} />
                  </details>
                  {f.conflict && (
                    <label className="rewind-overwrite">
                      <input
                        type="checkbox"
                        checked={overwrite.has(f.path)}
                        onChange={(e) =>
                          setOverwrite((prev) => {
                            const next = new Set(prev);
                            if (e.target.checked) next.add(f.path);
                            else next.delete(f.path);
                            return next;
                          })
                        }
                      />{' '}
                      Replace my changes too
                    </label>
                  )}
                </li>
              ))}
            </ul>
          )}
          {preview.limits.map((l) => (
            <p key={l} className="rewind-limit" role="note">
              {l}
            </p>
          ))}
          {conflicts.length > 0 && (
            <p className="rewind-muted">
              {conflicts.length === 1 ? 'One file was' : `${conflicts.length} files were`} changed after Claude's last
              turn, by you or another program: left as they are unless you tick them.
            </p>
          )}
        </>
      )}
    </ActionDialog>
  );
}
