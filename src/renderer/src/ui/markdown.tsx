import { memo, useRef, type ComponentProps } from 'react';
import type { PluggableList } from 'unified';
import { useDesk } from '../store/store-context';
import { CopyButton } from './copy-button';
import { openExternalUrl } from './external-link';
import { useHighlighter, type Lowlight } from './highlight/highlighter';
import { rehypeCode } from './highlight/rehype-code';
import { renderMarkdown, type Components } from './markdown-processor';

function Link({ href, children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) {
  const host = useDesk((s) => s.appInfo?.host);
  return (
    <a
      {...rest}
      href={href}
      rel="noreferrer noopener"
      onClick={(e) => {
        e.preventDefault();
        if (href) openExternalUrl(href, host);
      }}
    >
      {children}
    </a>
  );
}

/** The fence's language, read from the hast node react-markdown passes (`<pre><code class="language-x">`). */
type HastLike = { children?: readonly object[] };
function fenceLanguage(node: HastLike | undefined): string {
  const first = node?.children?.[0] as { properties?: { className?: unknown } } | undefined;
  const cls = first?.properties?.className;
  const list = Array.isArray(cls) ? cls.map(String) : [];
  return list.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
}

function CodeBlock({ children, node, ...rest }: ComponentProps<'pre'> & { node?: HastLike }) {
  const pre = useRef<HTMLPreElement>(null);
  const code = fenceLanguage(node);
  return (
    <div className="code-block">
      <div className="code-block-bar">
        <span className="code-block-lang">{code}</span>
        <CopyButton text={() => pre.current?.textContent ?? ''} label="Copy code" />
      </div>
      {/* Focusable: a long line scrolls sideways, and keyboard users must be able to scroll it too. */}
      <pre ref={pre} tabIndex={0} {...rest}>
        {children}
      </pre>
    </div>
  );
}

const components: Components = { a: Link, pre: CodeBlock };
type Plugins = PluggableList;
const plain: Plugins = [];
// One list per highlighter (there is one per page), so every message shares the same plugin and its grammars.
let highlighted: { lowlight: Lowlight; plugins: Plugins } | null = null;
function rehypePlugins(lowlight: Lowlight | null): Plugins {
  if (!lowlight) return plain;
  if (highlighted?.lowlight !== lowlight) highlighted = { lowlight, plugins: [[rehypeCode, { lowlight }]] };
  return highlighted.plugins;
}

/** A fence (``` or ~~~) anywhere: only then is the highlighter worth loading. */
const FENCE = /^ {0,3}(```|~~~)/m;

/** GFM markdown (tables, task lists), highlighted code with a copy button, links opened outside. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const lowlight = useHighlighter(FENCE.test(text));
  return <div className="markdown">{renderMarkdown(text, rehypePlugins(lowlight), components)}</div>;
});
