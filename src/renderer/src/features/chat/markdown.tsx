import { memo, useRef, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import rehypeHighlight from 'rehype-highlight';
import { useDesk } from '../../store/store-context';
import { CopyButton } from '../../ui/copy-button';
import { openExternalUrl } from './external-link';

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
const remarkPlugins = [remarkGfm];
// Highlight only fenced blocks that name their language: auto-detection is slow and often wrong.
const rehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [[rehypeHighlight, { detect: false }]];

/** GFM markdown (tables, task lists), highlighted code with a copy button, links opened outside. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
