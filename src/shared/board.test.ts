import { describe, expect, it } from 'vitest';
import { activityLine, boardStatusText, changeCountsText, orderBoardRows, type BoardRow } from './board';

const row = (over: Partial<BoardRow>): BoardRow => ({
  threadId: over.title ?? 't',
  title: 't',
  project: '/p',
  status: 'working',
  since: 0,
  activity: '',
  costUsd: 0,
  tokens: { in: 0, out: 0 },
  changes: null,
  ...over,
});

describe('the board rows', () => {
  it('lists what needs the user first, then working, queued, failed and finished; the longest waiting first', () => {
    const rows = orderBoardRows([
      row({ title: 'done', status: 'finished', since: 10 }),
      row({ title: 'work-late', status: 'working', since: 50 }),
      row({ title: 'ask', status: 'needs-you', since: 90 }),
      row({ title: 'broke', status: 'failed', since: 5 }),
      row({ title: 'work-early', status: 'working', since: 20 }),
      row({ title: 'wait', status: 'queued', since: 1 }),
    ]);
    expect(rows.map((r) => r.title)).toEqual(['ask', 'work-early', 'work-late', 'wait', 'broke', 'done']);
  });

  it('says each status with its elapsed time against the given clock, and the cap for a queued one', () => {
    const now = 1_000_000;
    expect(boardStatusText({ status: 'needs-you', since: now - 7_000 }, now)).toBe('Needs you — 7s');
    expect(boardStatusText({ status: 'working', since: now - 185_000 }, now)).toBe('Working — 3m 05s');
    expect(boardStatusText({ status: 'queued', since: now, running: 4 }, now)).toBe('Queued — 4 running');
    expect(boardStatusText({ status: 'finished', since: now - 3_720_000 }, now)).toBe('Finished 1h 02m ago');
    expect(boardStatusText({ status: 'failed', since: now - 1_000 }, now)).toBe('Failed 1s ago');
    // A host clock a little ahead of the page's never shows a negative time.
    expect(boardStatusText({ status: 'working', since: now + 500 }, now)).toBe('Working — 0s');
  });

  it('counts changes as +added −removed and files', () => {
    expect(changeCountsText({ files: 1, added: 3, removed: 0 })).toBe('+3 −0 · 1 file');
    expect(changeCountsText({ files: 2, added: 12, removed: 4 })).toBe('+12 −4 · 2 files');
    expect(changeCountsText(null)).toBe('');
    expect(changeCountsText({ files: 0, added: 0, removed: 0 })).toBe('');
  });

  it("reads an answer's latest activity: the open card, the error, the last tool call, the text's last line", () => {
    expect(activityLine({ parts: [{ kind: 'text', text: 'First.\n\nDone: wrote notes.md\n' }] })).toBe(
      'Done: wrote notes.md',
    );
    expect(
      activityLine({ parts: [{ kind: 'tool', name: 'Edit', input: { file_path: '/r/src/app.ts', old_string: 'a' } }] }),
    ).toBe('Edit /r/src/app.ts');
    expect(
      activityLine({
        parts: [],
        approvals: [{ request: { toolName: 'Bash', input: { command: 'npm publish\nmore' } } }],
      }),
    ).toBe('Asks to use Bash: npm publish');
    expect(activityLine({ parts: [{ kind: 'text', text: 'x' }], error: { message: 'The API refused.' } })).toBe(
      'The API refused.',
    );
    expect(activityLine({ parts: [{ kind: 'text', text: 'y'.repeat(500) }] })).toHaveLength(140);
  });
});
