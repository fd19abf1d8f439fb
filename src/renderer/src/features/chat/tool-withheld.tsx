import { useState } from 'react';
import type { AssistantPart } from '../../../../shared/threads';
import type { WithheldReason } from '../../../../shared/turn-events';
import { effectivePermissionMode } from '../../../../shared/permission-mode';
import { useDesk } from '../../store/store-context';
import './tool-withheld.css';

type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

/** Why the CLI refused the call, in the words of the mode that withholds it (core: tool-result-detail.ts, case 56). */
const WHY: Record<WithheldReason, string> = {
  shell: 'Shell commands are off in Accept edits',
  web: 'Web access is off in Accept edits',
  subagents: 'Sub-agents are off in Accept edits',
};

export function withheldReason(part: ToolPart): WithheldReason | undefined {
  return part.detail?.kind === 'withheld' ? part.detail.reason : undefined;
}

/**
 * The line under a call Accept edits withholds: why it failed, and — once the turn is over — one button that puts
 * this thread in Ask (where Claude asks before each such call) and sends the turn's message again. Never a switch
 * by surprise: nothing changes until the user clicks, and Ask still asks before every command.
 */
export function WithheldNote({
  reason,
  turnOver,
  threadId,
  turnId,
}: {
  reason: WithheldReason;
  turnOver: boolean;
  threadId?: string;
  turnId?: string;
}) {
  const settings = useDesk((s) => s.settings);
  const own = useDesk((s) => s.threads.find((t) => t.id === threadId)?.settings.permissionMode);
  const retryInAsk = useDesk((s) => s.retryInAsk);
  const [busy, setBusy] = useState(false);
  const mode = settings ? effectivePermissionMode({ permissionMode: own }, settings) : 'acceptEdits';
  const locked = settings?.permissionModeLockedBy;
  const inAsk = mode === 'ask';
  const retry = async () => {
    if (!threadId || !turnId) return;
    setBusy(true);
    try {
      await retryInAsk(threadId, turnId);
    } finally {
      setBusy(false);
    }
  };
  const canRetry = turnOver && threadId !== undefined && turnId !== undefined && !locked;
  return (
    <div className="tool-withheld-note" role="note" data-testid="tool-withheld">
      <p>
        <strong>{WHY[reason]}.</strong>{' '}
        {locked
          ? `The mode is fixed by ${locked}, so this thread cannot switch.`
          : inAsk
            ? 'This thread is in Ask now: Claude will ask you before each call.'
            : 'In Ask, Claude can use them — it asks you before each call.'}
      </p>
      {canRetry && (
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void retry()}>
          {inAsk ? 'Retry in Ask' : 'Switch to Ask and retry'}
        </button>
      )}
    </div>
  );
}
