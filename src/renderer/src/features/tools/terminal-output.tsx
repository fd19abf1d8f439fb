import type AnserLib from 'anser';
import { memo, useMemo, useState } from 'react';
import { lazyModule } from '../../ui/lazy-part';
import './terminal.css';

/** anser (~6 KB) is fetched after the first paint: until it is in, output shows without its colours. */
const anser = lazyModule(() => import('anser').then((m) => m.default));
/** The escape sequences anser would read (CSI: colours, cursor moves), dropped while it loads. */
// eslint-disable-next-line no-control-regex -- ESC is exactly what this matches
const CSI = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;

/** Lines shown before "Show all": long build logs stay out of the way. */
const PREVIEW_LINES = 24;
const MAX_CHARS = 200_000;

type Span = { text: string; className: string };

/**
 * Terminal output with its ANSI colours (via anser, as CSS classes so both themes pick readable colours). Escape
 * codes other than colours and decorations are dropped by anser; nothing is ever rendered as HTML.
 */
function spansOf(text: string, Anser: typeof AnserLib | null): Span[] {
  if (!Anser) return [{ text: text.slice(0, MAX_CHARS).replace(CSI, ''), className: '' }];
  return Anser.ansiToJson(text.slice(0, MAX_CHARS), { use_classes: true, remove_empty: true }).map((e) => ({
    text: e.content,
    // 16-colour codes come as `ansi-red` etc. (styled in tools.css per theme); palette/true colours stay plain.
    className: [e.fg, e.bg && `${e.bg}-bg`, ...e.decorations.map((d) => `ansi-${d}`)].filter(Boolean).join(' '),
  }));
}

export const TerminalOutput = memo(function TerminalOutput({
  text,
  error,
  whole = false,
}: {
  text: string;
  error?: boolean;
  /** Every line at once (a page of a stored result, already bounded), no "Show all". */
  whole?: boolean;
}) {
  const [all, setAll] = useState(whole);
  const lines = useMemo(() => text.split('\n'), [text]);
  const shown = all || lines.length <= PREVIEW_LINES + 2 ? text : lines.slice(0, PREVIEW_LINES).join('\n');
  const lib = anser.use();
  const spans = useMemo(() => spansOf(shown, lib), [shown, lib]);
  return (
    <>
      {/* Focusable (as the code blocks are) so a keyboard can scroll output wider or taller than the card. */}
      <pre className={`terminal-output ${error ? 'terminal-error' : ''}`} tabIndex={0} data-testid="terminal-output">
        {spans.map((s, i) =>
          s.className ? (
            <span key={i} className={s.className}>
              {s.text}
            </span>
          ) : (
            s.text
          ),
        )}
      </pre>
      {shown !== text && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setAll(true)}>
          Show all {lines.length.toLocaleString('en-US')} lines
        </button>
      )}
    </>
  );
});
