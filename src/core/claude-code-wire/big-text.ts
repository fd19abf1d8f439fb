/**
 * A JSON string value too big to hold twice (a 64 MiB tool result cost 3.3× the line in memory).
 *
 * JSON.parse of a whole line holds the line and the value it makes at the same time, and then writing the value to
 * disk made a Buffer copy of it. A BigText instead keeps the literal's raw JSON text (escapes intact, between the
 * quotes) as the pieces it arrived in, and decodes it one piece at a time: its length, its head and its file on disk
 * never need the whole decoded string. `toString()` (and `toJSON()`, so a stray one serialises exactly) makes the
 * whole string, for a consumer that has no streaming use for it.
 */
export class BigText implements Iterable<string> {
  private chars: number | undefined;

  constructor(private readonly raw: readonly string[]) {}

  /** The decoded text, piece by piece. Throws a SyntaxError if the literal is not valid JSON (a bad escape). */
  *[Symbol.iterator](): Generator<string> {
    let carry = ''; // the start of an escape cut off at the end of a piece
    let high = ''; // a high surrogate (from "\ud83d") whose pair ("\ude00") may start the next piece
    for (const piece of this.raw) {
      const s = carry ? carry + piece : piece;
      const cut = completeEscapesEnd(s);
      carry = cut === s.length ? '' : s.slice(cut);
      let text = high + (JSON.parse(`"${cut === s.length ? s : s.slice(0, cut)}"`) as string);
      high = '';
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        high = text.slice(-1);
        text = text.slice(0, -1);
      }
      if (text) yield text;
    }
    if (carry) throw new SyntaxError('Unterminated escape in a JSON string');
    if (high) yield high;
  }

  /** Length in UTF-16 code units, like string.length (decoded once, then remembered). */
  get length(): number {
    if (this.chars === undefined) {
      let n = 0;
      for (const piece of this) n += piece.length;
      this.chars = n;
    }
    return this.chars;
  }

  /** The first `chars` characters (it keeps at most one decoded piece alive, never the whole). */
  head(chars: number): string {
    const parts: string[] = [];
    let n = 0;
    for (const piece of this) {
      parts.push(piece.length > chars - n ? piece.slice(0, chars - n) : piece);
      n += parts.at(-1)?.length ?? 0;
      if (n >= chars) break;
    }
    return parts.join('');
  }

  toString(): string {
    return [...this].join('');
  }

  toJSON(): string {
    return this.toString();
  }
}

/**
 * Where the complete escapes of raw JSON string text end: s.length, or the index of a trailing backslash escape
 * that is cut off ("\" or "\u00"), which then belongs with the next piece.
 */
function completeEscapesEnd(s: string): number {
  const last = s.lastIndexOf('\\');
  if (last < 0) return s.length;
  let start = last;
  while (start > 0 && s.charCodeAt(start - 1) === 92) start--;
  // A run of backslashes pairs up from its start ("\\\\" is one escaped backslash); an even run ends complete.
  if ((last - start + 1) % 2 === 0) return s.length;
  const need = s.charCodeAt(last + 1) === 117 /* u */ ? 6 : 2;
  return last + need <= s.length ? s.length : last;
}
