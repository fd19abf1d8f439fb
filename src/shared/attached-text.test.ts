import { describe, expect, it } from 'vitest';
import {
  foldedSummary,
  isLongPaste,
  linesLabel,
  pasteName,
  splitAttachedTexts,
  withAttachedTexts,
} from './attached-text';

describe('attached texts', () => {
  it('a message with attachments splits back into what was typed and the attachments, whole', () => {
    const log = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const file = 'const a = 1;\n```js\nnested fence\n```\n';
    const sent = withAttachedTexts('Why does this fail?\n\n```sh\nnpm test\n```', [
      { name: 'Pasted text', text: log },
      { name: 'notes.md', text: file },
      { name: 'empty.txt', text: '' },
    ]);
    expect(splitAttachedTexts(sent)).toEqual([
      { kind: 'text', text: 'Why does this fail?\n\n```sh\nnpm test\n```' },
      {
        kind: 'attached',
        attachments: [
          { name: 'Pasted text', text: log.replace(/\n$/, '') },
          { name: 'notes.md', text: file.replace(/\n$/, '') },
          { name: 'empty.txt', text: '' },
        ],
      },
    ]);
  });

  it("a code block the person typed under a 'name:' line stays their text", () => {
    const typed = 'Look at this:\n```\nlet x = 1;\n```';
    expect(splitAttachedTexts(typed)).toEqual([{ kind: 'text', text: typed }]);
    expect(splitAttachedTexts('')).toEqual([{ kind: 'text', text: '' }]);
  });

  it('only an attachment, with nothing typed', () => {
    const sent = withAttachedTexts('', [{ name: 'Pasted text', text: 'a\nb' }]);
    expect(sent).toBe('Pasted text:\n```attached\na\nb\n```');
    expect(splitAttachedTexts(sent)).toEqual([
      { kind: 'attached', attachments: [{ name: 'Pasted text', text: 'a\nb' }] },
    ]);
  });

  it('long pastes are over 20 lines or 4,000 characters; names and labels', () => {
    expect(isLongPaste(Array.from({ length: 20 }, () => 'x').join('\n'))).toBe(false);
    expect(isLongPaste(Array.from({ length: 21 }, () => 'x').join('\n'))).toBe(true);
    expect(isLongPaste('x'.repeat(4001))).toBe(true);
    expect(pasteName([])).toBe('Pasted text');
    expect(
      pasteName([
        { name: 'Pasted text', text: '' },
        { name: 'a.md', text: '' },
      ]),
    ).toBe('Pasted text 2');
    expect(linesLabel('one\n')).toBe('1 line');
    expect(linesLabel('a\nb\nc')).toBe('3 lines');
  });

  it('a one-line summary names the attachments instead of showing them', () => {
    const sent = withAttachedTexts('Why?', [{ name: 'Pasted text', text: 'a\nb\nc' }]);
    expect(foldedSummary(sent)).toBe('Why? · Pasted text (3 lines)');
    expect(foldedSummary('plain words')).toBe('plain words');
  });
});
