import type { HighlightTree } from './highlighter';

type Node = HighlightTree['children'][number];
type Element = Extract<Node, { type: 'element' }>;

export interface Chunk {
  /** The chunk's text: whole lines, each with its newline (the last chunk's last line may have none). */
  text: string;
  tree: HighlightTree;
}

/**
 * A highlighted tree cut into chunks of `lines` lines, each a tree of its own. A span that crosses a cut (a
 * multi-line comment or string) is closed at the cut and opened again in the next chunk with the same classes, so
 * every chunk keeps the colours the whole text was highlighted with. Each chunk is then laid out and painted apart:
 * a growing code block changes only its last chunk, not a relayout and repaint of every line above it.
 */
export function chunkLines(tree: HighlightTree, lines: number): Chunk[] {
  const chunks: Chunk[] = [];
  let root: HighlightTree = { type: 'root', children: [] };
  let text = '';
  let count = 0;
  const open: Element[] = []; // the originals of the spans open where the walk is, outermost first
  let path: Element[] = []; // their copies in the chunk being built
  const into = (): Node[] => (path.length ? path[path.length - 1]!.children : root.children) as Node[];
  const cut = (): void => {
    chunks.push({ text, tree: root });
    root = { type: 'root', children: [] };
    text = '';
    count = 0;
    path = [];
    for (const el of open) {
      const copy: Element = { ...el, children: [] };
      into().push(copy);
      path.push(copy);
    }
  };
  const visit = (node: Node): void => {
    if (node.type === 'text') {
      let rest = node.value;
      while (rest) {
        let at = -1;
        let from = 0;
        let found = 0;
        while (count + found < lines) {
          at = rest.indexOf('\n', from);
          if (at < 0) break;
          found++;
          from = at + 1;
        }
        if (count + found < lines) {
          into().push({ type: 'text', value: rest });
          text += rest;
          count += found;
          return;
        }
        const piece = rest.slice(0, at + 1);
        into().push({ type: 'text', value: piece });
        text += piece;
        rest = rest.slice(at + 1);
        cut();
      }
      return;
    }
    if (node.type !== 'element') return;
    const copy: Element = { ...node, children: [] };
    into().push(copy);
    open.push(node);
    path.push(copy);
    for (const child of node.children) visit(child as Node);
    open.pop();
    path.pop();
  };
  for (const child of tree.children) visit(child);
  if (text) chunks.push({ text, tree: root });
  return chunks;
}

/** Plain text cut the same way: chunks of `lines` lines. */
export function chunkText(text: string, lines: number): string[] {
  const chunks: string[] = [];
  let start = 0;
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (++count === lines) {
      chunks.push(text.slice(start, i + 1));
      start = i + 1;
      count = 0;
    }
  }
  if (start < text.length) chunks.push(text.slice(start));
  return chunks;
}
