import { describe, expect, it } from 'vitest';
import { closeOpenMarkdown, splitCompleteBlocks } from './markdown-blocks';

describe('splitCompleteBlocks', () => {
  it('keeps everything in the tail until a blank line is followed by a new block', () => {
    expect(splitCompleteBlocks('Hello wor')).toEqual({ blocks: [], tail: 'Hello wor' });
    expect(splitCompleteBlocks('One.\n\n')).toEqual({ blocks: [], tail: 'One.\n\n' });
    expect(splitCompleteBlocks('One.\n\nTw')).toEqual({ blocks: ['One.\n\n'], tail: 'Tw' });
  });

  it('never splits inside a code fence, even at blank lines', () => {
    const text = 'Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter';
    const { blocks, tail } = splitCompleteBlocks(text);
    expect(blocks).toEqual(['Intro\n\n', '```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n']);
    expect(tail).toBe('After');
    expect(splitCompleteBlocks('```\ncode\n\nmore code').blocks).toEqual([]);
  });

  it('keeps indented continuations (list paragraphs, indented code) with their block', () => {
    const text = '1. item\n\n    still the item\n\nNext';
    expect(splitCompleteBlocks(text)).toEqual({ blocks: ['1. item\n\n    still the item\n\n'], tail: 'Next' });
  });

  it('joined back, the pieces are the text', () => {
    const text = '# T\n\nPara one.\n\n- a\n- b\n\n~~~\nx\n\ny\n~~~\n\nEnd of it';
    const { blocks, tail } = splitCompleteBlocks(text);
    expect(blocks.join('') + tail).toBe(text);
    expect(blocks.length).toBe(4);
  });
});

describe('closeOpenMarkdown (the streaming tail as if closed)', () => {
  it('closes an open code fence with the same fence', () => {
    expect(closeOpenMarkdown('Here:\n\n```ts\nconst a = 1;')).toBe('Here:\n\n```ts\nconst a = 1;\n```');
    expect(closeOpenMarkdown('~~~~\nx\n')).toBe('~~~~\nx\n~~~~');
    expect(closeOpenMarkdown('```\nx\n```\nDone')).toBe('```\nx\n```\nDone'); // closed already
  });

  it('closes an open inline code span, bold or strike in the last paragraph only', () => {
    expect(closeOpenMarkdown('Call `tokeni')).toBe('Call `tokeni`');
    expect(closeOpenMarkdown('Use ``a ` b')).toBe('Use ``a ` b``');
    expect(closeOpenMarkdown('This is **very')).toBe('This is **very**');
    expect(closeOpenMarkdown('Old ~~plan and **new')).toBe('Old ~~plan and **new**~~');
    expect(closeOpenMarkdown('**Done** and `x` here')).toBe('**Done** and `x` here');
    expect(closeOpenMarkdown('Odd ** earlier\n\nNow plain')).toBe('Odd ** earlier\n\nNow plain');
    // Inside a code span, asterisks are code: only the span is closed.
    expect(closeOpenMarkdown('Run `a ** b')).toBe('Run `a ** b`');
    // A mark just typed before a space is not emphasis yet.
    expect(closeOpenMarkdown('2 ** ')).toBe('2 ** ');
  });
});
