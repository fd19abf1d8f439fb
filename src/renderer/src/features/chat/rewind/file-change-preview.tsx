import { useMemo } from 'react';
import type { RewindFile } from '../../../../../shared/rewind';
import { DiffView } from '../../tools/diff-view';
import { wholeFileDiff } from '../../tools/diff-rows';

/**
 * What a file goes back to, in the agent's own diff view (line numbers, highlighting, split when wide): the file
 * as it is now on the left/old side, as it will be after the rewind on the right/new side.
 */
export function FileChangePreview({ file }: { file: RewindFile }) {
  const diff = useMemo(
    () => (file.binary || file.earlierUnknown ? undefined : wholeFileDiff(file.path, file.current, file.before)),
    [file],
  );
  if (file.binary) return <p className="rewind-muted">Binary or large file: no preview.</p>;
  if (!diff)
    return (
      <p className="rewind-muted">
        Claude Code keeps this file&apos;s earlier version itself: it is restored, but cannot be previewed here.
      </p>
    );
  return (
    <div className="rewind-diff" role="group" aria-label={`Changes to ${file.path}`}>
      <DiffView diff={diff} caption="now → after the rewind" showPath={false} />
    </div>
  );
}
