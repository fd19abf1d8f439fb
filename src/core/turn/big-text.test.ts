import { describe, expect, it } from 'vitest';
import { recordedCases, recordedValues } from '../../../test/fixtures/recorded-cases';
import { BigText } from '../claude-code-wire/big-text';
import { CLI_BIG_STRINGS } from './big-tool-result';
import { JsonlReader } from '../claude-code-wire/jsonl-reader';
import type { BigStringOptions } from '../claude-code-wire/long-json-line';

/** Deterministic pseudo-random pieces (sizes 1..max). */
function chop<T extends string | Buffer>(all: T, max: number, seed = 11): T[] {
  const out: T[] = [];
  let x = seed;
  for (let i = 0; i < all.length;) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const n = 1 + (x % max);
    out.push(all.slice(i, i + n) as T);
    i += n;
  }
  return out;
}

/** Every kind of character a tool's output can hold, escaped by JSON.stringify in every way it escapes. */
const tricky =
  'plain "quoted" back\\slash\\\\ tab\t nl\n cr\r nul\u0000 bell\u0007 é ü 漢字 😀🧪 lone \ud83d end \ude00 /';
const text = Array.from({ length: 40 }, (_, i) => `${i}:${tricky}`).join('|');

function read(chunks: (string | Buffer)[], bigStrings: BigStringOptions) {
  const values: unknown[] = [];
  const ignored: string[] = [];
  const reader = new JsonlReader(
    { onValue: (v) => values.push(v), onIgnored: (_p, r) => ignored.push(r) },
    { bigStrings },
  );
  for (const c of chunks) reader.push(c);
  reader.end();
  return { values, ignored };
}

const keepAll: BigStringOptions = { minChars: 64, keep: () => true };

describe('BigText', () => {
  it('decodes its raw JSON text exactly however it was cut: escapes, surrogate pairs and all', () => {
    const raw = JSON.stringify(text).slice(1, -1);
    for (const max of [1, 2, 5, 7, 64]) {
      const big = new BigText(chop(raw, max));
      expect([...big].join('')).toBe(text);
      expect(big.length).toBe(text.length);
      expect(big.head(100)).toBe(text.slice(0, 100));
    }
    expect(() => new BigText(['\\u00']).toString()).toThrow(SyntaxError);
    expect(() => new BigText(['ok\\x']).length).toThrow(SyntaxError);
  });
});

describe('JsonlReader with bigStrings', () => {
  const line = { type: 'user', message: { content: [{ type: 'tool_result', content: text, tool_use_id: 't' }] } };
  const bytes = Buffer.from(`${JSON.stringify(line)}\r\n{"small":"line"}\n`);

  it('keeps a long line’s big string as BigText, the rest as JSON.parse makes it, under any chunking', () => {
    for (const max of [1, 3, 17, 4096]) {
      const { values, ignored } = read(chop(bytes, max), keepAll);
      expect(ignored).toEqual([]);
      expect(values).toHaveLength(2);
      const content = (values[0] as typeof line).message.content[0]?.content as unknown;
      expect(content).toBeInstanceOf(BigText);
      expect(String(content)).toBe(text);
      expect(JSON.parse(JSON.stringify(values[0]))).toEqual(line); // toJSON: a stray BigText serialises exactly
      expect(values[1]).toEqual({ small: 'line' });
    }
  });

  it('makes a big string a plain string again where its consumer cannot stream it', () => {
    const { values } = read(chop(bytes, 100), { minChars: 64, keep: () => false });
    expect(values[0]).toEqual(line);
  });

  it('reports a long line that is not JSON, and reads on', () => {
    const bad = Buffer.from(`{"a":"${'x'.repeat(500)}" oops}\n{"b":1}\n{"c":"${'y'.repeat(300)}\\q"}\n`);
    const { values, ignored } = read(chop(bad, 50), keepAll);
    expect(values).toEqual([{ b: 1 }]);
    expect(ignored).toEqual(['not_json', 'not_json']);
  });

  it('reads every recorded CLI case as before with the CLI’s policy', () => {
    for (const c of recordedCases()) {
      const values = read(chop(c.bytes, 4096), { ...CLI_BIG_STRINGS, minChars: 200 }).values;
      expect(JSON.parse(JSON.stringify(values))).toEqual(recordedValues(c));
    }
  });

  it('the CLI’s policy streams a main-thread tool result and its structured copy, nothing else', () => {
    const keep = CLI_BIG_STRINGS.keep;
    const user = { type: 'user', parent_tool_use_id: null };
    expect(keep(['message', 'content', 0, 'content'], user)).toBe(true);
    expect(keep(['message', 'content', 2, 'content', 0, 'text'], user)).toBe(true);
    expect(keep(['tool_use_result', 'file', 'content'], user)).toBe(true);
    expect(keep(['message', 'content', 0, 'content'], { ...user, parent_tool_use_id: 'toolu_agent' })).toBe(false);
    expect(keep(['message', 'content', 0, 'input', 'content'], { type: 'assistant' })).toBe(false);
  });
});
