import type { ReactNode } from 'react';
import { Icon } from './icons';

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const HEADING_OR_QUOTE = /^ {0,3}(#{1,6}\s+|>\s?)/;

/** The words without their marks: links as their text, code spans, bold and strike as what they wrap. */
function unmarked(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(`+)([^`]+?)\1/g, '$2')
    .replace(/(\*\*|__|~~)(.+?)\1/g, '$2');
}

function closes(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && trimmed === fence[0]!.repeat(trimmed.length);
}

/**
 * Markdown's text laid out plainly, without parsing it: paragraphs (their lines kept, so a list stays one item a
 * line) and code fences in their box with its bar. It is what a row shows for the frame or two before its markdown
 * has rendered (markdown.tsx), the same words at about the same height, so the list barely moves when it arrives.
 */
export function PlainMarkdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push(<p key={blocks.length}>{unmarked(paragraph.join('\n'))}</p>);
    paragraph = [];
  };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE_OPEN.exec(line);
    if (fence) {
      endParagraph();
      const code: string[] = [];
      for (i++; i < lines.length && !closes(lines[i]!, fence[1]!); i++) code.push(lines[i]!);
      blocks.push(
        <div key={blocks.length} className="code-block">
          <div className="code-block-bar">
            <span className="code-block-lang">{fence[2]}</span>
            {/* Holds the bar at the height its Copy button gives it. */}
            <span className="btn btn-ghost btn-small copy-button plain-copy" aria-hidden="true">
              <Icon name="copy" size={14} />
              <span>Copy</span>
            </span>
          </div>
          <pre>
            <code>{code.join('\n')}</code>
          </pre>
        </div>,
      );
    } else if (line.trim() === '') endParagraph();
    else paragraph.push(line.replace(HEADING_OR_QUOTE, ''));
  }
  endParagraph();
  return <div className="markdown markdown-plain">{blocks}</div>;
}
