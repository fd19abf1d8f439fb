import { describe, expect, it } from 'vitest';
import type { Events } from '../../shared/contract';
import type { ControlResult } from '../../core/claude-code-wire/control-protocol';
import type { TurnHandle } from '../../core/turn/turn-request';
import { TurnControls } from './turn-controls';

/** A running turn whose CLI answers set_permission_mode with `answer` (recorded case 60). */
function runningTurn(answer: ControlResult): TurnHandle {
  return {
    threadId: 't1',
    turnId: 'turn-1',
    running: true,
    setPermissionMode: async () => answer,
  } as unknown as TurnHandle;
}

function controls(answer: ControlResult) {
  const notices: Events['notice'][] = [];
  const turn = runningTurn(answer);
  const c = new TurnControls({ turns: { running: () => [turn], turn: () => turn }, notice: (n) => notices.push(n) });
  return { c, notices };
}

describe('a live permission-mode switch (set_permission_mode, cases 26 and 60)', () => {
  it('says which mode Claude Code took when its answer names another than the one asked', async () => {
    const { c, notices } = controls({ requestId: 'm', ok: true, response: { mode: 'plan' } });
    // The caller saves and shows the mode answered (the header's selector, every window).
    expect(await c.permissionModeChanged('ask', 'acceptEdits', 't1')).toBe('plan');
    expect(notices).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(/^Claude Code runs the answer in progress in Plan mode, not Accept edits:/),
      }),
    ]);
  });

  it('is quiet when the answer names the mode asked (Ask is the CLI’s default), or names none (an older CLI)', async () => {
    for (const response of [{ mode: 'acceptEdits' }, {}]) {
      const { c, notices } = controls({ requestId: 'm', ok: true, response });
      expect(await c.permissionModeChanged('ask', 'acceptEdits', 't1')).toBeUndefined();
      expect(notices).toEqual([]);
    }
    const toAsk = controls({ requestId: 'm', ok: true, response: { mode: 'default' } });
    await toAsk.c.permissionModeChanged('acceptEdits', 'ask', 't1');
    expect(toAsk.notices.map((n) => n.message)).toEqual([expect.stringMatching(/^Ask mode is on\./)]);
  });

  it('a refusal keeps its own sentence (bypass_disabled, case 60 c)', async () => {
    const error = 'Cannot set permission mode to plan because it is disabled by settings or configuration';
    const { c, notices } = controls({ requestId: 'm', ok: false, error, errorCode: 'bypass_disabled' });
    await c.permissionModeChanged('acceptEdits', 'plan', 't1');
    expect(notices).toEqual([{ level: 'warning', message: `The running answer kept its permission mode: ${error}` }]);
  });
});
