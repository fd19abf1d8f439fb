import { describe, expect, it } from 'vitest';
import { lowlight } from './grammars';
import type { HighlightTree } from './highlighter';
import { chunkLines, chunkText } from './line-chunks';

type Node = HighlightTree['children'][number];
const textOf = (n: Node | HighlightTree): string =>
  n.type === 'text' ? n.value : 'children' in n ? (n.children as Node[]).map(textOf).join('') : '';
/** The classes around each character of a tree, as "class>class" per character. */
function classesByChar(tree: HighlightTree): string[] {
  const out: string[] = [];
  const walk = (n: Node, around: string[]) => {
    if (n.type === 'text') for (const _ of n.value) out.push(around.join('>'));
    else if (n.type === 'element') {
      const cls = Array.isArray(n.properties.className) ? n.properties.className.join(' ') : '';
      for (const c of n.children) walk(c as Node, [...around, cls]);
    }
  };
  for (const c of tree.children) walk(c, []);
  return out;
}

const code = [
  'const a = 1; // one',
  '/* a comment',
  '   over three',
  '   lines */',
  'function f(x: number): string {',
  '  return `a ${x}',
  '  b`;',
  '}',
  '',
].join('\n');

describe('highlighted code in chunks of lines', () => {
  it('cuts every few lines, keeps the text, and keeps each character in the same spans as the whole tree', () => {
    const whole = lowlight.highlight('ts', code);
    for (const lines of [1, 2, 3, 5, 100]) {
      const chunks = chunkLines(whole, lines);
      expect(chunks.map((c) => c.text).join('')).toBe(code);
      expect(chunks.map((c) => textOf(c.tree)).join('')).toBe(code);
      // A comment or template string that crosses a cut is opened again in the next chunk with its classes.
      expect(chunks.flatMap((c) => classesByChar(c.tree))).toEqual(classesByChar(whole));
      for (const c of chunks.slice(0, -1)) expect(c.text.split('\n')).toHaveLength(lines + 1);
    }
    const [, second] = chunkLines(whole, 2);
    expect(second!.text).toBe('   over three\n   lines */\n');
    expect(classesByChar(second!.tree)[0]).toBe('hljs-comment');
  });

  it('plain text is cut the same way, the last line kept whether or not it has ended', () => {
    expect(chunkText('a\nb\nc\nd', 2)).toEqual(['a\nb\n', 'c\nd']);
    expect(chunkText('a\nb\n', 2)).toEqual(['a\nb\n']);
    expect(chunkText('', 2)).toEqual([]);
  });
});
