import { StringDecoder } from 'node:string_decoder';
import { type BigStringOptions, LongJsonLine } from './long-json-line';

/**
 * JSON-lines framing over raw stdout chunks.
 *
 * Why a StringDecoder and not Buffer-per-line: the decoder holds back an incomplete multi-byte UTF-8
 * sequence at the end of a chunk, so a character split across two chunks is decoded once, whole;
 * '\n' can never occur inside a multi-byte sequence, so splitting the decoded string on '\n' is exact.
 * Decoding the whole chunk at once is also what the `split('\n') + JSON.parse` baseline does, which
 * keeps the reader within a few percent of it (bench/reader.bench.ts).
 *
 * A long line (the CLI can print multi-MiB tool results) arrives over many chunks: its pieces are
 * collected in an array and joined once, so a 16 MiB line costs O(n), not O(n²). With `bigStrings`, a line that
 * grows past its `minChars` is read by a LongJsonLine instead: its big string values are kept as the pieces they
 * came in (BigText), so a 64 MiB tool result is never a joined line, a parsed copy and a Buffer at once.
 */
export interface JsonlHandlers {
  /** One parsed JSON value per complete line. */
  onValue: (value: unknown) => void;
  /** A line that is not JSON (or too long). Never thrown: a newer CLI may print anything. */
  onIgnored?: (preview: string, reason: 'not_json' | 'too_long') => void;
}

export interface JsonlReaderOptions {
  /** Lines longer than this (in UTF-16 code units) are dropped and reported; default 256 MiB. */
  maxLineChars?: number;
  /** Keep big string values of long lines as BigText (long-json-line.ts); off: every value is a plain string. */
  bigStrings?: BigStringOptions;
}

const PREVIEW_CHARS = 200;
const DEFAULT_MAX_LINE_CHARS = 256 * 1024 * 1024;

export class JsonlReader {
  private readonly decoder = new StringDecoder('utf8');
  private pending: string[] = [];
  private pendingChars = 0;
  private overflow = false;
  private long: LongJsonLine | null = null;
  private readonly maxLineChars: number;

  constructor(
    private readonly handlers: JsonlHandlers,
    options: JsonlReaderOptions = {},
  ) {
    this.maxLineChars = options.maxLineChars ?? DEFAULT_MAX_LINE_CHARS;
    this.bigStrings = options.bigStrings;
  }

  private readonly bigStrings: BigStringOptions | undefined;

  /** Feed a chunk (Buffer from a pipe, or a string in tests). */
  push(chunk: Buffer | string): void {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    if (text.length === 0) return;
    let start = 0;
    let nl = text.indexOf('\n');
    while (nl !== -1) {
      if (this.pending.length === 0 && !this.overflow && !this.long) {
        this.emitLine(text.slice(start, nl));
      } else {
        this.append(text.slice(start, nl));
        this.flushPending();
      }
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    if (start < text.length) this.append(start === 0 ? text : text.slice(start));
  }

  /** End of stream: a final line without '\n' still counts. */
  end(): void {
    const rest = this.decoder.end();
    if (rest) this.append(rest);
    if (this.pending.length > 0 || this.overflow || this.long) this.flushPending();
  }

  private append(piece: string): void {
    if (this.overflow) return;
    this.pendingChars += piece.length;
    if (this.pendingChars > this.maxLineChars) {
      this.overflow = true;
      const head = this.pending.length > 0 ? (this.pending[0] ?? '') : piece;
      this.pending = [head.slice(0, PREVIEW_CHARS)];
      this.long = null;
      return;
    }
    if (this.long) {
      this.long.feed(piece);
      return;
    }
    this.pending.push(piece);
    if (this.bigStrings && this.pendingChars > this.bigStrings.minChars) {
      // Long enough to hold a big string: from here on the line is read apart (skeleton + BigTexts).
      this.long = new LongJsonLine(this.bigStrings);
      for (const p of this.pending) this.long.feed(p);
      this.pending = [this.pending[0]?.slice(0, PREVIEW_CHARS) ?? ''];
    }
  }

  private flushPending(): void {
    const line = this.pending.length === 1 ? (this.pending[0] ?? '') : this.pending.join('');
    const overflow = this.overflow;
    const long = this.long;
    this.pending = [];
    this.pendingChars = 0;
    this.overflow = false;
    this.long = null;
    if (overflow) {
      this.handlers.onIgnored?.(line.slice(0, PREVIEW_CHARS), 'too_long');
      return;
    }
    if (long) {
      let value: unknown;
      try {
        value = long.finish();
      } catch {
        this.handlers.onIgnored?.(line, 'not_json'); // `line` is the long line's first characters
        return;
      }
      this.handlers.onValue(value);
      return;
    }
    this.emitLine(line);
  }

  private emitLine(raw: string): void {
    // CRLF: a Windows build (or a wrapper) may end lines with \r\n.
    const line = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    if (line.length === 0) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (line.trim().length > 0) this.handlers.onIgnored?.(line.slice(0, PREVIEW_CHARS), 'not_json');
      return;
    }
    this.handlers.onValue(value);
  }
}
