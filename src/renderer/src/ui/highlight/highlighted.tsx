import { createElement, type ReactNode } from 'react';
import type { HighlightTree } from './highlighter';

type Node = HighlightTree['children'][number];

function render(nodes: readonly Node[]): ReactNode[] {
  return nodes.map((n, i) => {
    if (n.type === 'text') return n.value;
    if (n.type !== 'element') return null;
    const cls = n.properties.className;
    const className = Array.isArray(cls) ? cls.join(' ') : undefined;
    return createElement(n.tagName, { key: i, className }, ...render(n.children));
  });
}

/**
 * A highlighted tree as React elements: the highlighter's spans and text, never HTML strings, so nothing
 * it returns can reach innerHTML.
 */
export function Highlighted({ tree }: { tree: HighlightTree }) {
  return <>{render(tree.children)}</>;
}
