import type { RewindFile } from '../../../../../shared/rewind';

/**
 * What a file goes back to, as a unified line diff (now → after the rewind). Kept small on purpose: the lines
 * that differ, with a little context; identical runs fold into one "…" line.
 */
export function FileChangePreview({ file }: { file: RewindFile }) {
  if (file.binary) return <p className="rewind-muted">Binary or large file: no preview.</p>;
  const now = linesOf(file.current);
  const back = linesOf(file.before);
  const rows = lineDiff(now, back);
  return (
    <pre className="rewind-diff" aria-label={`Changes to ${file.path}`}>
      {rows.map((r, i) =>
        r.kind === 'fold' ? (
          <span key={i} className="rewind-diff-fold">
            {`⋯ ${r.count} unchanged line${r.count === 1 ? '' : 's'}\n`}
          </span>
        ) : (
          <span key={i} className={`rewind-diff-${r.kind}`}>
            {`${r.kind === 'add' ? '+' : r.kind === 'del' ? '−' : ' '} ${r.text}\n`}
          </span>
        ),
      )}
    </pre>
  );
}

type Row = { kind: 'add' | 'del' | 'same'; text: string } | { kind: 'fold'; count: number };

/** LCS line diff (files in a preview are capped at 256 KB by the host); long unchanged runs fold. */
export function lineDiff(a: string[], b: string[], context = 2): Row[] {
  if (a.length * b.length > 4_000_000)
    return [...a.map((text) => ({ kind: 'del' as const, text })), ...b.map((text) => ({ kind: 'add' as const, text }))];
  const m = a.length;
  const n = b.length;
  const lcs = Array.from({ length: m + 1 }, () => new Uint32Array(n + 1));
  for (let i = m - 1; i >= 0; i--)
    for (let j = n - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const raw: { kind: 'add' | 'del' | 'same'; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < m && j < n) {
    if (a[i] === b[j]) {
      raw.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) raw.push({ kind: 'del', text: a[i++]! });
    else raw.push({ kind: 'add', text: b[j++]! });
  }
  while (i < m) raw.push({ kind: 'del', text: a[i++]! });
  while (j < n) raw.push({ kind: 'add', text: b[j++]! });
  const out: Row[] = [];
  for (let k = 0; k < raw.length;) {
    if (raw[k]!.kind !== 'same') {
      out.push(raw[k++]!);
      continue;
    }
    let end = k;
    while (end < raw.length && raw[end]!.kind === 'same') end++;
    const run = raw.slice(k, end);
    const head = k === 0 ? 0 : context;
    const tail = end === raw.length ? 0 : context;
    if (run.length > head + tail + 1) {
      out.push(
        ...run.slice(0, head),
        { kind: 'fold', count: run.length - head - tail },
        ...run.slice(run.length - tail),
      );
    } else out.push(...run);
    k = end;
  }
  return out;
}

/** A file's lines; the newline that ends the last line does not make an extra empty one. */
function linesOf(text: string | undefined): string[] {
  if (!text) return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
