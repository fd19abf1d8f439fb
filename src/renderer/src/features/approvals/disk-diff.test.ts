import { describe, expect, it } from 'vitest';
import { diskDiff } from './disk-diff';

const exists = (content: string) => ({ state: 'exists' as const, content });
const edit = (old_string: string, new_string: string, more: object = {}) => ({
  file_path: '/proj/a.txt',
  old_string,
  new_string,
  ...more,
});

describe('diskDiff', () => {
  it('an Edit whose text is in the file twice fails unless it replaces all', () => {
    expect(diskDiff('Edit', edit('x', 'y'), exists('x\nx\n'))?.note).toBe(
      'This edit will fail: the text it replaces appears 2 times in a.txt.',
    );
    const all = diskDiff('Edit', edit('x', 'y', { replace_all: true }), exists('x\nx\n'));
    expect(all?.diff).toMatchObject({ added: 2, removed: 2 });
  });

  it('a MultiEdit names the edit that will fail', () => {
    const input = { file_path: '/proj/a.txt', edits: [edit('a', 'b'), edit('zzz', 'c')] };
    expect(diskDiff('MultiEdit', input, exists('a\n'))?.note).toBe(
      'This edit will fail: edit 2 of 2: the text it replaces is no longer in a.txt.',
    );
  });

  it("matches a file's CRLF lines, and an Edit of a missing file fails unless it creates it", () => {
    expect(diskDiff('Edit', edit('one\ntwo', 'ONE\ntwo'), exists('one\r\ntwo\r\n'))?.tone).toBe('info');
    expect(diskDiff('Edit', edit('a', 'b'), { state: 'missing' })?.note).toBe(
      'This edit will fail: a.txt does not exist (any more).',
    );
    expect(diskDiff('Edit', edit('', 'new\n'), { state: 'missing' })?.note).toBe('Creates a.txt.');
  });

  it('curly quotes in the file match straight ones, as Claude Code matches them: no false "will fail"', () => {
    expect(diskDiff('Edit', edit("it's", 'it is'), exists('it’s\n'))).toBeUndefined();
  });

  it('a card that no longer waits, or a tool without a file, adds nothing', () => {
    expect(diskDiff('Write', { file_path: '/p/a', content: 'x' }, { state: 'gone' })).toBeUndefined();
    expect(diskDiff('Bash', { command: 'ls' }, exists(''))).toBeUndefined();
  });
});
