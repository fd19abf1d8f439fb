import { memo, useEffect, useRef, useState } from 'react';
import type { DiffRow, FileDiff } from './diff-rows';
import { splitRows } from './diff-rows';
import { FilePath } from './file-path';
import { highlightLine, languageFor } from './highlight';
import { useHighlighter, type Lowlight } from '../../ui/highlight/highlighter';
import { Highlighted } from '../../ui/highlight/highlighted';
import './tools.css';

/** Rows shown before "Show all": a long new file or a big rewrite stays readable in the chat. */
const PREVIEW_ROWS = 60;
/** Wider than this (the card's own width), the diff is side by side. */
const SPLIT_MIN_WIDTH = 700;

function useWide(ref: React.RefObject<HTMLElement | null>): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => setWide((entry?.contentRect.width ?? 0) >= SPLIT_MIN_WIDTH));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return wide;
}

/** The file's language with the highlighter that knows it; undefined: plain text. */
type Highlighting = { lowlight: Lowlight; name: string };

function Code({ text, language }: { text: string; language?: Highlighting }) {
  const tree = highlightLine(language?.lowlight ?? null, text, language?.name);
  return <code>{tree && text ? <Highlighted tree={tree} /> : text || ' '}</code>;
}

const SIGN = { add: '+', del: '−', context: ' ' } as const;

/** Colour is not the only cue: screen readers hear whether a line was added or removed. */
function ChangeLabel({ kind }: { kind: 'add' | 'del' | 'context' }) {
  return kind === 'context' ? null : (
    <span className="visually-hidden">{kind === 'add' ? 'added: ' : 'removed: '}</span>
  );
}

function Gap({ row, cols }: { row: Extract<DiffRow, { kind: 'gap' }>; cols: number }) {
  return (
    <tr className="diff-gap">
      <td colSpan={cols}>{row.count ? `⋯ ${row.count} unchanged line${row.count === 1 ? '' : 's'}` : '⋯'}</td>
    </tr>
  );
}

function Unified({ rows, numbered, language }: { rows: DiffRow[]; numbered: boolean; language?: Highlighting }) {
  return (
    <table className="diff-table diff-unified">
      <tbody>
        {rows.map((row, i) =>
          row.kind === 'gap' ? (
            <Gap key={i} row={row} cols={numbered ? 4 : 2} />
          ) : (
            <tr key={i} className={`diff-row diff-${row.kind}`} data-kind={row.kind}>
              {numbered && <td className="diff-no">{row.oldNo ?? ''}</td>}
              {numbered && <td className="diff-no">{row.newNo ?? ''}</td>}
              <td className="diff-sign" aria-hidden="true">
                {SIGN[row.kind]}
              </td>
              <td className="diff-code" data-kind={row.kind}>
                <ChangeLabel kind={row.kind} />
                <Code text={row.text} language={language} />
              </td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

function Side({ row, numbered, language }: { row?: DiffRow; numbered: boolean; language?: Highlighting }) {
  if (!row || row.kind === 'gap') {
    return (
      <>
        {numbered && <td className="diff-no" />}
        <td className="diff-code diff-empty" />
      </>
    );
  }
  return (
    <>
      {numbered && <td className="diff-no">{row.kind === 'add' ? row.newNo : row.oldNo}</td>}
      <td className={`diff-code diff-${row.kind}`} data-kind={row.kind}>
        <ChangeLabel kind={row.kind} />
        <Code text={row.text} language={language} />
      </td>
    </>
  );
}

function Split({ rows, numbered, language }: { rows: DiffRow[]; numbered: boolean; language?: Highlighting }) {
  return (
    <table className="diff-table diff-split">
      {/* Fixed layout takes its widths from the first row, which may be a gap spanning all columns: say them here. */}
      <colgroup>
        {numbered && <col className="diff-col-no" />}
        <col />
        {numbered && <col className="diff-col-no" />}
        <col />
      </colgroup>
      <tbody>
        {splitRows(rows).map((r, i) =>
          r.gap && r.gap.kind === 'gap' ? (
            <Gap key={i} row={r.gap} cols={numbered ? 4 : 2} />
          ) : (
            <tr key={i} className="diff-row">
              <Side row={r.left} numbered={numbered} language={language} />
              <Side row={r.right} numbered={numbered} language={language} />
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

/**
 * A file's diff: path (opens / copies), +added −removed, then the rows — unified, or side by side when the card is
 * wide — with the file's line numbers when known, unchanged stretches collapsed, and syntax highlighting.
 * Reusable: rewind shows checkpoints with it.
 */
export const DiffView = memo(function DiffView({
  diff,
  caption,
  showPath = true,
}: {
  diff: FileDiff;
  caption?: string;
  /** false where the path is already shown beside the diff (the rewind dialog's file list). */
  showPath?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const wide = useWide(box);
  const [layout, setLayout] = useState<'auto' | 'unified' | 'split'>('auto');
  const [all, setAll] = useState(false);
  const split = layout === 'split' || (layout === 'auto' && wide);
  const lowlight = useHighlighter();
  const name = languageFor(lowlight, diff.path);
  const language = lowlight && name ? { lowlight, name } : undefined;
  const rows = all ? diff.rows : diff.rows.slice(0, PREVIEW_ROWS);
  const hasBothSides = diff.added > 0 && diff.removed > 0;
  return (
    <div className="diff-view" data-testid="diff-view" ref={box}>
      <div className="diff-head">
        {showPath && diff.path && <FilePath path={diff.path} />}
        {caption && <span className="muted">{caption}</span>}
        <span className="diff-stat">
          {diff.created && <span className="diff-new">New file</span>}
          <span className="diff-stat-add">+{diff.added}</span>
          <span className="diff-stat-del">−{diff.removed}</span>
        </span>
        {hasBothSides && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setLayout(split ? 'unified' : 'split')}
            // The accessible name starts with the visible word, so a voice command of what is seen works (WCAG 2.5.3).
            aria-label={split ? 'Unified: show as one column' : 'Split: show side by side'}
          >
            {split ? 'Unified' : 'Split'}
          </button>
        )}
      </div>
      <div className="diff-body">
        {rows.length === 0 ? (
          <p className="muted diff-empty-file">(empty file)</p>
        ) : split && hasBothSides ? (
          <Split rows={rows} numbered={diff.numbered} language={language} />
        ) : (
          <Unified rows={rows} numbered={diff.numbered} language={language} />
        )}
      </div>
      {rows.length < diff.rows.length && (
        <button type="button" className="btn btn-ghost btn-small diff-more" onClick={() => setAll(true)}>
          Show all {diff.rows.length.toLocaleString('en-US')} lines
        </button>
      )}
    </div>
  );
});
