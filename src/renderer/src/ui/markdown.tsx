import { memo, useContext, useDeferredValue, useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import type { PluggableList } from 'unified';
import { useDesk } from '../store/store-context';
import { CopyButton } from './copy-button';
import { loadedHighlighter, loadHighlighter, useHighlighter, type Lowlight } from './highlight/highlighter';
import { rehypeCode } from './highlight/rehype-code';
import { fitsInFrame, ListScrolling, parseInFrame } from './markdown-budget';
import { PlainMarkdown } from './markdown-plain';
import { loadMarkdown, useMarkdownProcessor, type MarkdownProcessor } from './markdown-loader';
import type { Components } from './markdown-processor';
import './markdown.css';

function Link({ href, children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) {
  const openExternal = useDesk((s) => s.openExternal);
  return (
    <a
      {...rest}
      href={href}
      rel="noreferrer noopener"
      onClick={(e) => {
        e.preventDefault();
        if (href) openExternal(href);
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

/**
 * A code block's frame: its language, a copy button, and the scrollable `<pre>` around the `<code>` it is given.
 * The one frame for finished fences (CodeBlock) and the fence still streaming (streaming-fence.tsx), so a fence
 * looks the same while it grows and once it is done.
 */
export function CodeFrame({ language, children, ...rest }: ComponentProps<'pre'> & { language: string }) {
  const pre = useRef<HTMLPreElement>(null);
  return (
    <div className="code-block">
      <div className="code-block-bar">
        <span className="code-block-lang">{language}</span>
        <CopyButton text={() => pre.current?.textContent ?? ''} label="Copy code" />
      </div>
      {/* Focusable: a long line scrolls sideways, and keyboard users must be able to scroll it too. */}
      <pre ref={pre} tabIndex={0} {...rest}>
        {children}
      </pre>
    </div>
  );
}

function CodeBlock({ children, node, ...rest }: ComponentProps<'pre'> & { node?: HastLike }) {
  return (
    <CodeFrame language={fenceLanguage(node)} {...rest}>
      {children}
    </CodeFrame>
  );
}

/**
 * A GFM task list's box (`- [x] done`): read-only, and named by its state, since a box with no name is announced as
 * just "checkbox" (axe `label`) and the item's text after it is not its label.
 */
function TaskBox({ node: _node, ...rest }: ComponentProps<'input'> & { node?: unknown }) {
  if (rest.type !== 'checkbox') return <input {...rest} />;
  return <input {...rest} aria-label={rest.checked ? 'Done' : 'Not done'} />;
}

/**
 * A table scrolls sideways when it is wider than the column (its cells keep their words whole), so it takes keyboard
 * focus as a code block does: a region that scrolls must be reachable without a mouse (axe
 * `scrollable-region-focusable`).
 */
function Table({ node: _node, ...rest }: ComponentProps<'table'> & { node?: unknown }) {
  return <table tabIndex={0} {...rest} />;
}

const components: Components = { a: Link, pre: CodeBlock, input: TaskBox, table: Table };
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

/** How many rendered texts are kept per plugin list: a few screens of a long thread, scrolled away and back. */
const KEPT = 300;
const rendered = new WeakMap<Plugins, Map<string, ReactNode>>();

function keptFor(plugins: Plugins): Map<string, ReactNode> {
  let kept = rendered.get(plugins);
  if (!kept) rendered.set(plugins, (kept = new Map()));
  return kept;
}

/** The text's elements, from the cache when it was rendered before (a row scrolled back into view, or prepared). */
function renderKept(text: string, plugins: Plugins, parse: (text: string) => ReactNode): ReactNode {
  const kept = keptFor(plugins);
  let tree = kept.get(text);
  if (tree === undefined) {
    tree = parse(text);
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
  } else kept.delete(text); // moved to the newest end
  kept.set(text, tree);
  return tree;
}

const parseNow = (md: MarkdownProcessor, plugins: Plugins) => (text: string) =>
  md.renderMarkdown(text, plugins, components);
const parseCounted = (md: MarkdownProcessor, plugins: Plugins) => (text: string) =>
  parseInFrame(() => md.renderMarkdown(text, plugins, components));

/** Parsing done by prepareMarkdown in one task, at most, before it lets the page run. */
const PREPARE_SLICE_MS = 8;
const yieldToPage = () =>
  new Promise<void>((resolve) => {
    // A message, not setTimeout(0): nested timeouts are held back to 4 ms each.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * Parse finished texts into the cache ahead of their rows, in slices of about half a frame that let the page run
 * between them (a text is never split), loading the highlighter first if one has a code fence. A thread opening
 * mounted a screenful of rows parsed at once: one task of 60–90 ms CPU. The rows then render from the cache.
 */
export async function prepareMarkdown(texts: readonly string[]): Promise<void> {
  // The plugins a row will render with: highlighted for every text once the highlighter is there (useHighlighter).
  const wanted = texts.some((t) => FENCE.test(t)) && !loadedHighlighter();
  const [md, lowlight] = await Promise.all([loadMarkdown(), wanted ? loadHighlighter() : loadedHighlighter()]);
  const plugins = rehypePlugins(lowlight);
  if (wanted) await yieldToPage(); // its grammars were a task's work already
  let sliceStart = performance.now();
  for (const text of texts) {
    if (keptFor(plugins).has(text)) continue;
    if (performance.now() - sliceStart > PREPARE_SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
    void renderKept(text, plugins, parseNow(md, plugins)); // kept: what the row will take
  }
}

/**
 * GFM markdown (tables, task lists), highlighted code with a copy button, links opened outside.
 *
 * A finished text is rendered once and kept (by its text), so a row that comes back, or one prepared ahead of a
 * thread opening (prepareMarkdown), costs no parse. `live`: the text still streaming, parsed on every change and
 * never kept (its tail changes with each delta).
 *
 * `deferred`: text already finished when it mounts, in a row that came in while the list scrolled or out of sight.
 * A frame parses such texts up to a small budget (markdown-budget.ts); past it a text shows plain first
 * (markdown-plain.tsx) and its markdown renders in React's background lane, in slices that yield to the page, or,
 * while the list scrolls, once it stops. Dragging through a 2,000-message thread mounted a screenful of rows a
 * frame, all parsed at once: long tasks of 100–250 ms. A text seen before comes from the cache at once. Streaming
 * text is never deferred: its tail must not show raw.
 */
export const Markdown = memo(function Markdown({
  text,
  deferred = false,
  live = false,
}: {
  text: string;
  deferred?: boolean;
  live?: boolean;
}) {
  // Only a deferred text listens to the list's scrolling: a context change re-renders every consumer, and each
  // start and stop of a scroll re-parsed every live block of a streaming answer (and re-rendered every row's text).
  return deferred ? <DeferredMarkdown text={text} /> : <FormattedMarkdown text={text} live={live} />;
});

function FormattedMarkdown({ text, live }: { text: string; live: boolean }) {
  const plugins = rehypePlugins(useHighlighter(FENCE.test(text)));
  const md = useMarkdownProcessor();
  if (!md) return <PlainMarkdown text={text} />; // the page's first moments only
  return (
    <div className="markdown">
      {live ? md.renderMarkdown(text, plugins, components) : renderKept(text, plugins, parseNow(md, plugins))}
    </div>
  );
}

function DeferredMarkdown({ text }: { text: string }) {
  const lowlight = useHighlighter(FENCE.test(text));
  const plugins = rehypePlugins(lowlight);
  const md = useMarkdownProcessor();
  const scrolling = useContext(ListScrolling);
  const seen = rendered.get(plugins)?.has(text) === true;
  // Once shown formatted it stays so, even if its cache entry goes (or the highlighter arrives) mid-scroll.
  const shown = useRef(false);
  const ready = useDeferredValue(seen || shown.current || !scrolling, seen || fitsInFrame());
  useEffect(() => {
    if (ready) shown.current = true;
  });
  if (!ready || !md) return <PlainMarkdown text={text} />;
  return <div className="markdown">{renderKept(text, plugins, parseCounted(md, plugins))}</div>;
}
