import type { HighlightTree, Lowlight } from './highlighter';

type Node = HighlightTree | HighlightTree['children'][number];
type Element = Extract<Node, { type: 'element' }>;

function textOf(node: Node): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

function fenceLanguage(code: Element): string | undefined {
  const cls = code.properties.className;
  const list = Array.isArray(cls) ? cls.map(String) : [];
  return list.find((c) => c.startsWith('language-'))?.slice('language-'.length);
}

function highlightFence(code: Element, lowlight: Lowlight): void {
  const language = fenceLanguage(code);
  // Only fences that name a known language: auto-detection is slow and often wrong.
  if (!language || !lowlight.registered(language)) return;
  const tree = lowlight.highlight(language, textOf(code));
  const cls = Array.isArray(code.properties.className) ? code.properties.className : [];
  code.properties.className = ['hljs', ...cls];
  // lowlight's root holds only spans and text, which an element may hold (its type says root content).
  code.children = tree.children as Element['children'];
}

function walk(node: Node, parent: Node | null, lowlight: Lowlight): void {
  if (node.type === 'element' && node.tagName === 'code' && parent?.type === 'element' && parent.tagName === 'pre') {
    highlightFence(node, lowlight);
    return;
  }
  if ('children' in node) for (const child of node.children) walk(child, node, lowlight);
}

/**
 * rehype plugin: highlight fenced code with the page's one shared highlighter (rehype-highlight would build a
 * new highlight.js instance and register every grammar again for each render of each message).
 */
export function rehypeCode({ lowlight }: { lowlight: Lowlight }) {
  return (tree: HighlightTree): void => walk(tree, null, lowlight);
}
