import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, TurnEvent } from './turn-events';
import { turnNotification } from './turn-notification';

const base = { threadId: 't', turnId: 'x' };
const ask = (toolName: string, displayName?: string): TurnEvent => ({
  ...base,
  type: 'approval_request',
  request: { requestId: 'r', toolName, displayName, input: {}, suggestions: [] } satisfies ApprovalRequest,
});
const finished = (status: 'done' | 'failed' | 'stopped'): TurnEvent => ({ ...base, type: 'finished', status });
const bodyOf = (event: TurnEvent, error?: Parameters<typeof turnNotification>[1]['error']) =>
  turnNotification(event, { threadTitle: 'Plans', error })?.body ?? null;

describe('turnNotification', () => {
  it('names the thread, or the app when the thread has no title', () => {
    expect(turnNotification(finished('done'), { threadTitle: 'Plans' })).toEqual({
      title: 'Plans',
      body: 'Claude finished answering.',
    });
    expect(turnNotification(finished('done'), {})?.title).toBe('Claude Desk');
  });

  it('asks for the user when Claude waits: a permission, a question, a plan', () => {
    expect(bodyOf(ask('Bash'))).toBe('Claude is waiting for your approval to use Bash.');
    expect(bodyOf(ask('mcp__desk__remember', 'Remember'))).toBe('Claude is waiting for your approval to use Remember.');
    expect(bodyOf(ask('AskUserQuestion'))).toBe('Claude has a question.');
    expect(bodyOf(ask('ExitPlanMode'))).toBe('Claude’s plan is ready for review.');
  });

  it('asks for a login once: at the error, not again when the turn then fails', () => {
    const error = { kind: 'auth_required', message: 'Not logged in' } as const;
    expect(bodyOf({ ...base, type: 'error', error })).toBe('Claude Code needs you to log in.');
    expect(bodyOf(finished('failed'), error)).toBeNull();
  });

  it('tells a failure with the start of its error; a stop or an event mid-turn tells nothing', () => {
    const long = 'x'.repeat(300);
    expect(bodyOf(finished('failed'), { kind: 'cli_error', message: long })).toBe(
      `The turn failed: ${'x'.repeat(120)}…`,
    );
    expect(bodyOf(finished('failed'))).toBe('The turn failed.');
    expect(bodyOf({ ...base, type: 'error', error: { kind: 'cli_error', message: 'boom' } })).toBeNull();
    expect(bodyOf(finished('stopped'))).toBeNull();
    expect(bodyOf({ ...base, type: 'text_delta', messageId: 'm', text: 'Hi' })).toBeNull();
  });
});
