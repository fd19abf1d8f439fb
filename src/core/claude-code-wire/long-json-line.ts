import { randomBytes } from 'node:crypto';
import { BigText } from './big-text';

export type JsonPath = readonly (string | number)[];

export interface BigStringOptions {
  /** A string literal longer than this (raw JSON text) becomes a BigText instead of a string. */
  minChars: number;
  /** Where a BigText may stay (its consumer streams it); anywhere else it is made a plain string again. */
  keep: (path: JsonPath, root: unknown) => boolean;
}

/**
 * One long JSON line, read as it arrives: the text outside its big string literals (the skeleton, small) and each
 * big literal's raw pieces apart (BigText). Only lexical state crosses a piece: inside a string or not, and a
 * backslash whose escaped character is in the next piece. `"` and `\` are found with indexOf, so a 64 MiB line
 * costs a few native scans, not a loop over its characters.
 */
export class LongJsonLine {
  private readonly skeleton: string[] = [];
  private literal: string[] | null = null;
  private literalChars = 0;
  private escapeNext = false;
  private readonly bigs: BigText[] = [];
  /** A string the CLI cannot print by accident: a NUL and a per-line nonce, then the BigText's index. */
  private readonly marker = `\u0000big-text:${randomBytes(6).toString('hex')}:`;

  constructor(private readonly options: BigStringOptions) {}

  feed(text: string): void {
    let p = 0;
    while (p < text.length) {
      if (this.literal === null) {
        const q = text.indexOf('"', p);
        if (q < 0) {
          this.skeleton.push(p === 0 ? text : text.slice(p));
          return;
        }
        this.skeleton.push(text.slice(p, q + 1)); // up to and with the opening quote
        this.literal = [];
        this.literalChars = 0;
        p = q + 1;
        continue;
      }
      let i = p;
      if (this.escapeNext) {
        this.escapeNext = false;
        i = p + 1;
      }
      let q = text.indexOf('"', i);
      let b = text.indexOf('\\', i);
      while (b >= 0 && (q < 0 || b < q)) {
        if (b + 1 >= text.length) {
          this.escapeNext = true; // the escaped character starts the next piece
          break;
        }
        i = b + 2;
        if (q >= 0 && q < i) q = text.indexOf('"', i);
        b = text.indexOf('\\', i);
      }
      if (q < 0) {
        this.addLiteral(p === 0 ? text : text.slice(p));
        return;
      }
      this.addLiteral(text.slice(p, q));
      this.closeLiteral();
      p = q + 1;
    }
  }

  /** The line's value, big literals as BigText where `keep` allows. Throws a SyntaxError if it is not JSON. */
  finish(): unknown {
    if (this.literal !== null) this.skeleton.push(this.literal.join('')); // unterminated: fails to parse below
    const value: unknown = JSON.parse(this.skeleton.join(''));
    for (const big of this.bigs) void big.length; // a bad escape inside one fails here, like JSON.parse would
    return this.bigs.length === 0 ? value : this.restore(value, [], value);
  }

  private addLiteral(piece: string): void {
    if (piece.length === 0) return;
    this.literal?.push(piece);
    this.literalChars += piece.length;
  }

  private closeLiteral(): void {
    const pieces = this.literal ?? [];
    this.literal = null;
    if (this.literalChars > this.options.minChars) {
      this.bigs.push(new BigText(pieces));
      this.skeleton.push(`${JSON.stringify(this.marker).slice(1, -1)}${this.bigs.length - 1}"`);
    } else {
      this.skeleton.push(`${pieces.join('')}"`);
    }
  }

  private restore(value: unknown, path: (string | number)[], root: unknown): unknown {
    if (typeof value === 'string') {
      if (!value.startsWith(this.marker)) return value;
      const big = this.bigs[Number(value.slice(this.marker.length))];
      if (!big) return value;
      return this.options.keep(path, root) ? big : big.toString();
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = this.restore(value[i], [...path, i], root);
      return value;
    }
    if (value !== null && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      for (const key of Object.keys(obj)) obj[key] = this.restore(obj[key], [...path, key], root);
    }
    return value;
  }
}
