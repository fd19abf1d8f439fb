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
  let fence: { char: string; len: number } | null = null;
  let start = 0; // where the current block starts
  let pos = 0; // where the current line starts
  let blankBefore = false;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    // The last line may still be growing, but its first character already tells where a block starts.
    const line = text.slice(pos, nl < 0 ? text.length : nl);
    const next = nl < 0 ? text.length : nl + 1;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (marker && marker[1]![0] === fence.char && marker[1]!.length >= fence.len && line.trim() === marker[1])
        fence = null;
    } else if (marker) {
      if (blankBefore && /^\S/.test(line) && pos > start) {
        blocks.push(text.slice(start, pos));
        start = pos;
      }
      fence = { char: marker[1]![0]!, len: marker[1]!.length };
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
