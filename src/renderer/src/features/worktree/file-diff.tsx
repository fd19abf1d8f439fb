import { useEffect, useState } from 'react';
import type { ChangeDiff } from '../../../../shared/worktree-changes';
import type { FileChange } from '../../../../shared/worktree';
import { useDesk } from '../../store/store-context';
import { errorText } from '../../store/desk-state';
import { DiffView } from '../tools/diff-view';
import { wholeFileDiff } from '../tools/diff-rows';

/** One changed file in the diff view, read when shown and again whenever the list says it changed. */
export function FileDiff({ threadId, file }: { threadId: string; file: FileChange }) {
  const load = useDesk((s) => s.loadChangeDiff);
  const [diff, setDiff] = useState<ChangeDiff | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    load(threadId, { path: file.path, ...(file.oldPath ? { oldPath: file.oldPath } : {}) }).then(
      (d) => live && setDiff(d),
      (err: unknown) => live && setDiff({ error: errorText(err) }),
    );
    return () => {
      live = false;
    };
    // The counts stand for the file's content: a new edit by the agent reads it again.
  }, [load, threadId, file.path, file.oldPath, file.added, file.removed]);
  if (diff === null) return <p className="muted changes-note">Reading {file.path}…</p>;
  if ('error' in diff)
    return (
      <p className="changes-error" role="alert">
        {diff.error}
      </p>
    );
  if (diff.binary) return <p className="muted changes-note">{file.path} is a binary file: no line diff to show.</p>;
  if (diff.tooBig) return <p className="muted changes-note">{file.path} is too big to show here (over 1 MB).</p>;
  return (
    <DiffView
      diff={wholeFileDiff(file.path, diff.before ?? undefined, diff.after ?? '')}
      {...(file.oldPath ? { caption: `renamed from ${file.oldPath}` } : {})}
    />
  );
}
