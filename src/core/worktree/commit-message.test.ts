import { describe, expect, it } from 'vitest';
import { draftCommitMessage } from './commit-message';

describe('the drafted commit message', () => {
  it('takes the thread’s title as subject and lists what was asked', () => {
    expect(
      draftCommitMessage({ title: 'Write the notes', requests: ['Write notes.md\nwith two lines'], files: [] }),
    ).toBe('Write the notes\n\nAsked of Claude in Claude Desk:\n- Write notes.md with two lines\n');
  });
  it('names the files when the thread has no title yet, and keeps the subject short', () => {
    expect(draftCommitMessage({ title: 'New thread', requests: [], files: ['a.ts', 'b.ts'] })).toBe(
      'Update a.ts, b.ts',
    );
    expect(draftCommitMessage({ title: 'x'.repeat(100), requests: [], files: [] })).toHaveLength(72);
  });
});
