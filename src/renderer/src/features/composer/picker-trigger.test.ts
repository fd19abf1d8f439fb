import { describe, expect, it } from 'vitest';
import { applyPick, fileReference, pickerTrigger } from './picker-trigger';

describe('pickerTrigger', () => {
  it('opens the command picker only for a leading slash word', () => {
    expect(pickerTrigger('/hel', 4)).toEqual({ kind: 'command', query: 'hel', start: 0, end: 4 });
    expect(pickerTrigger('/', 1)).toMatchObject({ kind: 'command', query: '' });
    expect(pickerTrigger('/hello world', 12)).toBeNull();
    expect(pickerTrigger('see /usr', 8)).toBeNull();
  });

  it('opens the file picker at an @ that starts a word', () => {
    expect(pickerTrigger('look at @READ', 13)).toEqual({ kind: 'file', query: 'READ', start: 8, end: 13 });
    expect(pickerTrigger('@', 1)).toMatchObject({ kind: 'file', query: '' });
    expect(pickerTrigger('mail me@host', 12)).toBeNull();
    expect(pickerTrigger('@a.ts#L1-2', 10)).toBeNull();
  });
});

describe('applyPick', () => {
  it('replaces the typed @token with the reference and puts the caret after it', () => {
    const t = pickerTrigger('look at @READ please', 13)!;
    expect(applyPick('look at @READ please', t, fileReference('README.md'))).toEqual({
      text: 'look at @README.md please',
      caret: 19,
    });
    const c = pickerTrigger('/he', 3)!;
    expect(applyPick('/he', c, '/hello ')).toEqual({ text: '/hello ', caret: 7 });
  });

  it('quotes a path with spaces', () => {
    expect(fileReference('my notes/a b.md')).toBe('@"my notes/a b.md" ');
  });
});
