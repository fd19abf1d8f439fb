/** How a thread is named before anyone renames it: one rule for the host and the renderer's first paint. */

/** A thread nobody has named yet; its first user message names it (autoTitle). */
export const DEFAULT_THREAD_TITLE = 'New thread';

/** First non-empty line of the first user message, ≤ `max` characters, cut at a word when one is near. */
export function autoTitle(text: string, max = 60): string | undefined {
  const line = text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .find((l) => l !== '');
  if (!line) return undefined;
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
