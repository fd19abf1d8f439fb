import { describe, expect, it } from 'vitest';
import { editDiff, splitRows, wholeFileDiff } from './diff-rows';

describe('editDiff', () => {
  it('an Edit still waiting is diffed from its input, without line numbers it cannot know', () => {
    const d = editDiff('Edit', { file_path: '/p/a.ts', old_string: 'a\nb\nc\n', new_string: 'a\nB\nc\n' })!;
    expect(d.numbered).toBe(false);
    expect(d.rows).toEqual([
      { kind: 'context', text: 'a' },
      { kind: 'del', text: 'b' },
      { kind: 'add', text: 'B' },
      { kind: 'context', text: 'c' },
    ]);
    expect([d.added, d.removed]).toEqual([1, 1]);
  });

  it('MultiEdit shows each edit, separated', () => {
    const d = editDiff('MultiEdit', {
      file_path: '/p/a.ts',
      edits: [
        { old_string: 'x', new_string: 'y' },
        { old_string: 'm', new_string: 'n' },
      ],
    })!;
    expect(d.rows.map((r) => r.kind)).toEqual(['del', 'add', 'gap', 'del', 'add']);
  });

  it('a Write is all added lines from 1; NotebookEdit shows the new source', () => {
    expect(editDiff('Write', { file_path: '/p/n.md', content: 'one\ntwo\n' })!.rows).toEqual([
      { kind: 'add', text: 'one', newNo: 1 },
      { kind: 'add', text: 'two', newNo: 2 },
    ]);
    expect(editDiff('NotebookEdit', { notebook_path: '/p/a.ipynb', new_source: 'print(1)' })!).toMatchObject({
      path: '/p/a.ipynb',
      added: 1,
    });
  });

  it("the CLI's patch wins once the call finished: real line numbers, a gap before the first hunk", () => {
    const d = editDiff(
      'Edit',
      { file_path: '/p/a.ts', old_string: 'x', new_string: 'y' },
      { kind: 'patch', hunks: [{ oldStart: 5, oldLines: 2, newStart: 5, newLines: 2, lines: [' keep', '-x', '+y'] }] },
    )!;
    expect(d.rows).toEqual([
      { kind: 'gap', count: 4 },
      { kind: 'context', text: 'keep', oldNo: 5, newNo: 5 },
      { kind: 'del', text: 'x', oldNo: 6 },
      { kind: 'add', text: 'y', newNo: 6 },
    ]);
  });
});

describe('splitRows', () => {
  it('pairs a run of removals with the additions after it', () => {
    const d = editDiff('Edit', { file_path: 'a', old_string: 'a\nb\n', new_string: 'A\n' })!;
    expect(splitRows(d.rows).map((r) => [r.left?.kind, r.right?.kind])).toEqual([
      ['del', 'add'],
      ['del', undefined],
    ]);
  });
});

describe('wholeFileDiff', () => {
  it("numbers the rows with the file's own lines and folds what is far from a change", () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', 'x', '10'].join('\n') + '\n';
    const after = before.replace('x', 'y');
    const d = wholeFileDiff('f.ts', before, after);
    expect(d).toMatchObject({ numbered: true, created: false, added: 1, removed: 1 });
    expect(d.rows[0]).toEqual({ kind: 'gap', count: 5 });
    expect(d.rows.find((r) => r.kind === 'del')).toEqual({ kind: 'del', text: 'x', oldNo: 9 });
    expect(d.rows.find((r) => r.kind === 'add')).toEqual({ kind: 'add', text: 'y', newNo: 9 });
  });
  it('a file that does not exist on the old side is all added, as a new file', () => {
    expect(wholeFileDiff('a.txt', undefined, 'a\nb\n')).toMatchObject({ created: true, added: 2, removed: 0 });
  });
});
