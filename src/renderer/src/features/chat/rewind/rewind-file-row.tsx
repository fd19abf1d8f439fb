import type { RewindFile } from '../../../../../shared/rewind';
import { FileChangePreview } from './file-change-preview';

export const ACTION_LABEL: Record<RewindFile['action'], string> = {
  restore: 'Restore',
  delete: 'Remove',
  recreate: 'Bring back',
};

/** A box the user ticks to have a file restored that the rewind would otherwise keep. */
export interface RewindTick {
  checked: boolean;
  label: string;
  onChange(checked: boolean): void;
}

/**
 * One file of a rewind: what happens to it, its path, why it is kept (changed by the user, or by another thread),
 * and its diff — open from the start, so nothing is restored unseen (the user may fold it away).
 */
export function RewindFileRow({ file, tick }: { file: RewindFile; tick?: RewindTick }) {
  const other = file.otherThread;
  return (
    <li className={file.conflict ? 'rewind-file rewind-conflict' : 'rewind-file'} data-testid="rewind-file">
      <details open>
        <summary>
          <span className={`rewind-action rewind-action-${file.action}`}>{ACTION_LABEL[file.action]}</span>
          <code className="rewind-path">{file.path}</code>
          {other && (
            <span className="rewind-badge">
              {other.title ? `Last changed by “${other.title}”` : 'Last changed by another thread'}
            </span>
          )}
          {file.conflict && !other && <span className="rewind-badge">Changed after Claude — kept</span>}
          {file.earlierUnknown && (
            <span className="rewind-badge rewind-badge-cli">Earlier version kept by Claude Code</span>
          )}
        </summary>
        <FileChangePreview file={file} />
      </details>
      {tick && (
        <label className="rewind-overwrite">
          <input type="checkbox" checked={tick.checked} onChange={(e) => tick.onChange(e.target.checked)} />{' '}
          {tick.label}
        </label>
      )}
    </li>
  );
}
