import { describe, expect, it } from 'vitest';
import { startupFailureMessage } from './startup-failure';

describe('startupFailureMessage', () => {
  it('names the data folder and the cause', () => {
    const err = Object.assign(new Error("EACCES: permission denied, mkdir '/data/state'"), { code: 'EACCES' });
    const text = startupFailureMessage('/data', err);
    expect(text).toContain('/data');
    expect(text).toContain('EACCES: permission denied');
    expect(text).toContain('CLAUDE_DESK_DATA_DIR');
  });

  it('copes with a non-Error rejection', () => {
    expect(startupFailureMessage('/d', 'boom')).toContain('Cause: boom');
  });
});
