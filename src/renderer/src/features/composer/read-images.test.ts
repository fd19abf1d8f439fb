import { describe, expect, it } from 'vitest';
import { readAttachments, withTextFiles } from './read-images';

describe('attachments', () => {
  it('reads images as base64 and text files as text; binaries and big files say why not', async () => {
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    const notes = new File(['# Notes\nline two\n'], 'notes.md', { type: '' });
    const binary = new File([new Uint8Array([37, 80, 68, 70, 0, 1])], 'paper.pdf', { type: 'application/pdf' });
    const huge = new File(['x'.repeat(300 * 1024)], 'dump.log', { type: 'text/plain' });
    const bmp = new File(['BM'], 'old.bmp', { type: 'image/bmp' });
    const read = await readAttachments([png, notes, binary, huge, bmp]);
    expect(read.images).toEqual([{ mediaType: 'image/png', data: 'iVBORw==', name: 'shot.png' }]);
    expect(read.texts).toEqual([{ name: 'notes.md', text: '# Notes\nline two\n' }]);
    expect(read.problems).toEqual([
      'paper.pdf was not attached: it is not a text file or an image.',
      'dump.log was not attached: text files must be under 256 KB (mention a project file as @path).',
      'old.bmp was not attached: only PNG, JPEG, GIF and WebP images can be sent.',
    ]);
  });

  it('puts each file under its name in a fence no line of the file can close', () => {
    expect(withTextFiles('Review these ', [{ name: 'a.md', text: 'x\n```js\ny\n```\n' }])).toBe(
      'Review these\n\na.md:\n````attached\nx\n```js\ny\n```\n````',
    );
    expect(withTextFiles('', [{ name: 'b.txt', text: 'only' }])).toBe('b.txt:\n```attached\nonly\n```');
    expect(withTextFiles('plain', [])).toBe('plain');
  });
});
