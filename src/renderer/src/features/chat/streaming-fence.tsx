import { memo, useEffect, useReducer, useRef } from 'react';
import { Highlighted } from '../../ui/highlight/highlighted';
import { useHighlighter } from '../../ui/highlight/highlighter';
import { type Chunk, chunkLines, chunkText } from '../../ui/highlight/line-chunks';
import { CodeFrame } from '../../ui/markdown';
import { closesFence, fenceMarker } from './markdown-blocks';

/** A new line waits at least this long for its colours while the fence grows. */
const MIN_REHIGHLIGHT_MS = 150;
/** …and longer for a fence whose highlighting costs more: at most about 1/25 of the main thread goes to it. */
const COST_FACTOR = 25;

/**
 * Where the code fence still open at the end of a streaming tail begins (its opening line), or -1: none is open,
 * or it is indented (its lines then lose that indentation, which markdown does better), so markdown renders it.
 */
export function openFenceStart(tail: string): number {
  let open: { marker: string; start: number } | null = null;
  let pos = 0;
  while (pos < tail.length) {
    const nl = tail.indexOf('\n', pos);
    const line = tail.slice(pos, nl < 0 ? tail.length : nl);
    const marker = fenceMarker(line);
    if (open) {
      if (closesFence(line, open.marker)) open = null;
    } else if (marker) open = { marker, start: pos };
    if (nl < 0) break;
    pos = nl + 1;
  }
  return open && /^(`{3,}|~{3,})/.test(tail.slice(open.start)) ? open.start : -1;
}

/** The open fence's language (the info string's first word, as markdown reads it) and its code so far. */
export function readOpenFence(fence: string): { language: string; code: string } {
  const nl = fence.indexOf('\n');
  const info = (nl < 0 ? fence : fence.slice(0, nl)).replace(/^(`{3,}|~{3,})/, '').trim();
  return { language: info.split(/\s/)[0] ?? '', code: nl < 0 ? '' : fence.slice(nl + 1) };
}

/** Lines per chunk: the most a delta's layout and paint redo while the fence grows. */
const CHUNK_LINES = 40;

interface Kept {
  language: string;
  /** The complete lines highlighted, and their chunks (chunks kept from the highlighting before when unchanged). */
  text: string;
  chunks: Chunk[];
  at: number;
  costMs: number;
}

const HighlightedChunk = memo(function HighlightedChunk({ chunk }: { chunk: Chunk }) {
  return (
    <span className="code-chunk">
      <Highlighted tree={chunk.tree} />
    </span>
  );
});

const PlainChunk = memo(function PlainChunk({ text }: { text: string }) {
  return <span className="code-chunk">{text}</span>;
});

/** The new highlighting's chunks, each replaced by the one before at its place when its text is the same. */
function reuse(before: Chunk[] | undefined, now: Chunk[]): Chunk[] {
  return now.map((c, i) => (before?.[i]?.text === c.text ? before[i]! : c));
}

/**
 * The fence of a streaming answer that is still open, drawn as the finished one will be (the same frame, classes and
 * text), but built for growth. A fence was parsed and highlighted whole with every batch of deltas, and laid out and
 * painted whole: a 400-line fence streamed a line at a time cost ~12 ms of main thread per delta. Here its lines are
 * in chunks of 40 (each laid out and painted apart, so a delta redoes only the last), the chunks that did not change
 * render once, and highlighting runs at most every ~150 ms (later for a fence whose highlighting costs more): the
 * lines that came since show plain until then, and a pause in the stream highlights them once their wait is over.
 */
export function StreamingFence({ language, code }: { language: string; code: string }) {
  const lowlight = useHighlighter(true);
  const known = language !== '' && lowlight?.registered(language) === true;
  const kept = useRef<Kept | null>(null);
  const [, catchUp] = useReducer((n: number) => n + 1, 0);
  // As markdown renders a fence: its code and a final newline.
  const shown = code === '' || code.endsWith('\n') ? code : `${code}\n`;
  const complete = code.slice(0, code.lastIndexOf('\n') + 1); // a line still growing is never highlighted
  let k = kept.current;
  if (!known || !lowlight) k = null;
  else {
    const valid = k !== null && k.language === language && complete.startsWith(k.text);
    const now = performance.now();
    const due = !valid || (complete.length > k!.text.length && now - k!.at >= waitAfter(k!));
    if (due && complete) {
      const chunks = reuse(
        valid ? k!.chunks : undefined,
        chunkLines(lowlight.highlight(language, complete), CHUNK_LINES),
      );
      k = { language, text: complete, chunks, at: now, costMs: performance.now() - now };
    } else if (!valid) k = null;
  }
  kept.current = k;
  const behind = k !== null && complete.length > k.text.length;
  useEffect(() => {
    if (!behind || !k) return;
    const timer = setTimeout(catchUp, Math.max(0, waitAfter(k) - (performance.now() - k.at)));
    return () => clearTimeout(timer);
  });
  const plain = chunkText(shown.slice(k?.text.length ?? 0), CHUNK_LINES);
  return (
    <div className="markdown">
      <CodeFrame language={language}>
        <code className={known ? `hljs language-${language}` : language ? `language-${language}` : undefined}>
          {k?.chunks.map((chunk, i) => (
            <HighlightedChunk key={i} chunk={chunk} />
          ))}
          {plain.map((text, i) => (
            <PlainChunk key={`p${i}`} text={text} />
          ))}
        </code>
      </CodeFrame>
    </div>
  );
}

function waitAfter(k: Kept): number {
  return Math.max(MIN_REHIGHLIGHT_MS, k.costMs * COST_FACTOR);
}
