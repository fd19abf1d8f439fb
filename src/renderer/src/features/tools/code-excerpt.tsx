import { memo, useState } from 'react';
import { highlightLine, languageFor } from './highlight';
import { useHighlighter } from '../../ui/highlight/highlighter';
import { Highlighted } from '../../ui/highlight/highlighted';

const PREVIEW_LINES = 40;

/** The Read tool's text is `<n>\t<line>` per line (recorded case 30): the numbers and the code apart. */
export function numberedLines(result: string): { no: number; text: string }[] {
  const out: { no: number; text: string }[] = [];
  for (const line of result.split('\n')) {
    const m = /^\s*(\d+)\t(.*)$/s.exec(line);
    if (!m) return []; // not the numbered format (an image, an error): the caller shows the text as is
    out.push({ no: Number(m[1]), text: m[2]! });
  }
  // The CLI numbers the empty line after a final newline too ("31\t"): not a line of the file.
  if (out.length > 1 && out[out.length - 1]!.text === '') out.pop();
  return out;
}

/** A highlighted excerpt of a file with its own line numbers; long ones collapsed. */
export const CodeExcerpt = memo(function CodeExcerpt({
  path,
  lines,
}: {
  path: string;
  lines: { no: number; text: string }[];
}) {
  const [all, setAll] = useState(false);
  const lowlight = useHighlighter();
  const language = languageFor(lowlight, path);
  const shown = all ? lines : lines.slice(0, PREVIEW_LINES);
  return (
    <div className="code-excerpt" data-testid="code-excerpt">
      <table className="diff-table">
        <tbody>
          {shown.map((l) => {
            const tree = highlightLine(lowlight, l.text, language);
            return (
              <tr key={l.no} className="diff-row">
                <td className="diff-no">{l.no}</td>
                <td className="diff-code">
                  <code>{tree && l.text ? <Highlighted tree={tree} /> : l.text || ' '}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {shown.length < lines.length && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setAll(true)}>
          Show all {lines.length.toLocaleString('en-US')} lines
        </button>
      )}
    </div>
  );
});
