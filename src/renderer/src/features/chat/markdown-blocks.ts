/** The fence marker (``` or ~~~, at most 3 spaces in) a line opens or closes a code fence with, if any. */
export function fenceMarker(line: string): string | undefined {
  return /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
}

/** Whether `line` closes the fence opened with `open`: the same character, at least as long, nothing after it. */
export function closesFence(line: string, open: string): boolean {
  const marker = fenceMarker(line);
  return marker !== undefined && marker[0] === open[0] && marker.length >= open.length && line.trim() === marker;
}

/**
 * Split streaming markdown into blocks that are already complete and the tail still growing, so each
 * delta re-parses only the tail (a 20 KB answer was re-parsed whole on every token).
 *
 * A block ends at a blank line outside a code fence, when the next line starts at the margin: an
 * indented line after a blank one may continue a list item or be indented code, so that stays joined.
 * Markdown that spans such a split (a loose list, a reference link defined later) may render slightly
 * differently while streaming; the finished message is parsed whole (assistant-message.tsx).
 */
export function splitCompleteBlocks(text: string): { blocks: string[]; tail: string } {
  const blocks: string[] = [];
  let fence: string | null = null;
  let start = 0; // where the current block starts
  let pos = 0; // where the current line starts
  let blankBefore = false;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    // The last line may still be growing, but its first character already tells where a block starts.
    const line = text.slice(pos, nl < 0 ? text.length : nl);
    const next = nl < 0 ? text.length : nl + 1;
    const marker = fenceMarker(line);
    if (fence) {
      if (closesFence(line, fence)) fence = null;
    } else if (marker) {
      if (blankBefore && /^\S/.test(line) && pos > start) {
        blocks.push(text.slice(start, pos));
        start = pos;
      }
      fence = marker;
    } else if (line.trim() === '') {
      blankBefore = true;
      pos = next;
      continue;
    } else if (blankBefore && /^\S/.test(line) && pos > start) {
      blocks.push(text.slice(start, pos));
      start = pos;
    }
    blankBefore = false;
    pos = next;
  }
  return { blocks, tail: text.slice(start) };
}

/**
 * The growing tail rendered as if its open syntax were closed, so a half-streamed answer never shows raw marks:
 * an open code fence gets its closing fence, and in the last paragraph an unclosed inline code span, `**` or `~~`
 * is closed at the end. Only for display while streaming; the stored text is untouched, and a stopped answer is
 * rendered from it whole.
 */
export function closeOpenMarkdown(tail: string): string {
  let fence: string | null = null;
  let lastParagraph = 0;
  let pos = 0;
  while (pos <= tail.length) {
    const nl = tail.indexOf('\n', pos);
    const line = tail.slice(pos, nl < 0 ? tail.length : nl);
    const marker = fenceMarker(line);
    if (fence) {
      if (closesFence(line, fence)) {
        fence = null;
        lastParagraph = nl < 0 ? tail.length : nl + 1;
      }
    } else if (marker) fence = marker;
    else if (line.trim() === '') lastParagraph = nl < 0 ? tail.length : nl + 1;
    if (nl < 0) break;
    pos = nl + 1;
  }
  if (fence) return `${tail}${tail.endsWith('\n') ? '' : '\n'}${fence}`;
  const paragraph = tail.slice(lastParagraph);
  // Inline code first: marks inside an open code span are code, not emphasis.
  const ticks: string[] = paragraph.match(/(?<!\\)`+/g) ?? [];
  const openTicks = ticks.find((run, i) => ticks.indexOf(run) === i && ticks.filter((t) => t === run).length % 2 === 1);
  if (openTicks) return `${tail}${openTicks}`;
  const outsideCode = paragraph.replace(/(`+)[\s\S]*?\1/g, '');
  // Closed innermost first: the mark opened last closes first.
  const open = ['**', '~~'].filter((mark) => outsideCode.split(mark).length % 2 === 0);
  open.sort((a, b) => outsideCode.lastIndexOf(b) - outsideCode.lastIndexOf(a));
  const closing = open.join('');
  return closing && !/\s$/.test(tail) ? `${tail}${closing}` : tail;
}
