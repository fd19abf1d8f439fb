/**
 * Markdown → React elements with ONE unified processor per plugin list, built once for the page. react-markdown
 * builds a new processor (remark-gfm's syntax extensions combined again) on every render: while an answer
 * streams that was ~0.35 ms of each delta's ~2 ms of script in Chromium. The steps after parsing are
 * react-markdown 10's own (`post`): raw HTML stays text, URLs go through its defaultUrlTransform, and
 * hast-util-to-jsx-runtime makes the elements with the same options, so the output is the same.
 */
import type { Nodes, Parents, Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { visit } from 'unist-util-visit';

export type { Components };

type Processor = { parse(text: string): unknown; runSync(tree: unknown): Root };
const processors = new WeakMap<PluggableList, Processor>();

function processorFor(rehypePlugins: PluggableList): Processor {
  let processor = processors.get(rehypePlugins);
  if (!processor) {
    // allowDangerousHtml keeps raw HTML as `raw` nodes, which become plain text below (never markup).
    processor = unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypePlugins)
      .freeze() as unknown as Processor;
    processors.set(rehypePlugins, processor);
  }
  return processor;
}

function sanitize(node: Nodes, index: number | undefined, parent: Parents | undefined): number | undefined {
  if (node.type === 'raw' && parent && typeof index === 'number') {
    parent.children[index] = { type: 'text', value: node.value };
    return index;
  }
  if (node.type === 'element') {
    for (const key in urlAttributes) {
      const tags = urlAttributes[key];
      if (!Object.hasOwn(node.properties, key) || (tags !== null && !tags?.includes(node.tagName))) continue;
      node.properties[key] = defaultUrlTransform(String(node.properties[key] ?? ''));
    }
  }
  return undefined;
}

/** `rehypePlugins` must be the same array from render to render (its processor is kept by identity). */
export function renderMarkdown(text: string, rehypePlugins: PluggableList, components: Components): ReactElement {
  const processor = processorFor(rehypePlugins);
  const tree = processor.runSync(processor.parse(text));
  visit(tree, sanitize);
  return toJsxRuntime(tree, {
    Fragment,
    components,
    ignoreInvalidStyle: true,
    jsx,
    jsxs,
    passKeys: true,
    passNode: true,
  });
}
