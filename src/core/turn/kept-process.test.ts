import { describe, expect, it } from 'vitest';
import { buildTurnArgs } from './build-turn-args';
import { DEFAULT_KEEP, DEFAULT_KEEP_IDLE_MS, keepPolicy, liveFlags, maskLiveArgs } from './kept-process';

const args = (over: Partial<Parameters<typeof buildTurnArgs>[0]> = {}) =>
  buildTurnArgs({
    sessionId: 's1',
    resume: false,
    projectDir: '/p',
    permissionMode: 'acceptEdits',
    ...over,
  });

describe('what a kept process can be switched to live', () => {
  it('reads the model and permission mode from an argv', () => {
    expect(liveFlags(args({ model: 'opus' }))).toEqual({ model: 'opus', permissionMode: 'acceptEdits' });
    expect(liveFlags(args())).toEqual({ permissionMode: 'acceptEdits' });
  });

  it('a first turn (--session-id) and the next (--resume, other model) differ only in what is switched live', () => {
    expect(maskLiveArgs(args({ resume: true, model: 'opus' }))).toEqual(maskLiveArgs(args()));
  });

  it('a folder, or a mode launched with other tool flags (ask vs Accept edits), still differs', () => {
    expect(maskLiveArgs(args({ projectDir: '/elsewhere' }))).not.toEqual(maskLiveArgs(args()));
    expect(maskLiveArgs(args({ permissionMode: 'ask' }))).not.toEqual(maskLiveArgs(args()));
  });

  it('CLAUDE_DESK_KEEP and CLAUDE_DESK_KEEP_IDLE_MINUTES, with defaults for anything unusable', () => {
    expect(keepPolicy({})).toEqual({ keep: DEFAULT_KEEP, keepIdleMs: DEFAULT_KEEP_IDLE_MS });
    expect(keepPolicy({ CLAUDE_DESK_KEEP: '0', CLAUDE_DESK_KEEP_IDLE_MINUTES: '0.5' })).toEqual({
      keep: 0,
      keepIdleMs: 30_000,
    });
    expect(keepPolicy({ CLAUDE_DESK_KEEP: 'lots', CLAUDE_DESK_KEEP_IDLE_MINUTES: '-1' })).toEqual({
      keep: DEFAULT_KEEP,
      keepIdleMs: DEFAULT_KEEP_IDLE_MS,
    });
  });
});
