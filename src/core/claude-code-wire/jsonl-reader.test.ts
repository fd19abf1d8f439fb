import { describe, expect, it } from 'vitest';
import { recordedCases, recordedValues } from '../../../test/fixtures/recorded-cases';
import { JsonlReader } from './jsonl-reader';

function collect(chunks: Buffer[], maxLineChars?: number) {
  const values: unknown[] = [];
  const ignored: { preview: string; reason: string }[] = [];
  const reader = new JsonlReader(
    { onValue: (v) => values.push(v), onIgnored: (preview, reason) => ignored.push({ preview, reason }) },
    { maxLineChars },
  );
  for (const c of chunks) reader.push(c);
  reader.end();
  return { values, ignored };
}

/** Deterministic pseudo-random chunking (sizes 1..max). */
function chop(buf: Buffer, max: number, seed = 7): Buffer[] {
  const out: Buffer[] = [];
  let x = seed;
  for (let i = 0; i < buf.length;) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const n = 1 + (x % max);
    out.push(buf.subarray(i, i + n));
    i += n;
  }
  return out;
}

describe('JsonlReader', () => {
  const cases = recordedCases();

  it('has the recorded fixtures to read', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  it.each(cases.map((c) => [c.name, c] as const))('reads recorded case %s identically under any chunking', (_n, c) => {
    const expected = recordedValues(c);
    expect(collect([c.bytes]).values).toEqual(expected);
    expect(collect(chop(c.bytes, 1)).values).toEqual(expected);
    expect(collect(chop(c.bytes, 37, 3)).values).toEqual(expected);
    expect(collect(chop(c.bytes, 4096, 11)).values).toEqual(expected);
  });

  it('decodes multi-byte characters split at every byte boundary', () => {
    const text = 'Grüße 世界 🎉 — ok';
    const line = Buffer.from(`${JSON.stringify({ text })}\n`, 'utf8');
    for (let cut = 1; cut < line.length; cut++) {
      const { values, ignored } = collect([line.subarray(0, cut), line.subarray(cut)]);
      expect(values).toEqual([{ text }]);
      expect(ignored).toEqual([]);
    }
    expect(collect(chop(line, 1)).values).toEqual([{ text }]);
  });

  it('reads a 17 MiB line delivered in 64 KiB chunks', () => {
    const big = 'x'.repeat(17 * 1024 * 1024);
    const buf = Buffer.from(`{"a":1}\n${JSON.stringify({ big })}\n{"b":2}\n`);
    const chunks: Buffer[] = [];
    for (let i = 0; i < buf.length; i += 65536) chunks.push(buf.subarray(i, i + 65536));
    const { values } = collect(chunks);
    expect(values).toHaveLength(3);
    expect((values[1] as { big: string }).big.length).toBe(big.length);
    expect(values[2]).toEqual({ b: 2 });
  });

  it('accepts CRLF line ends and a last line without a newline', () => {
    const { values } = collect([Buffer.from('{"a":1}\r\n{"b":2}\r\n{"c":3}')]);
    expect(values).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it('reports non-JSON lines as ignored and keeps going', () => {
    const { values, ignored } = collect([Buffer.from('not json\n\n   \n{"broken": \n{"ok":true}\n[1,2]\n')]);
    expect(values).toEqual([{ ok: true }, [1, 2]]);
    expect(ignored.map((i) => i.reason)).toEqual(['not_json', 'not_json']);
    expect(ignored[0]?.preview).toBe('not json');
  });

  it('drops a line beyond the length cap without losing the next one', () => {
    const { values, ignored } = collect(
      [Buffer.from('{"a":"'), Buffer.from('y'.repeat(500)), Buffer.from('"}\n{"n":1}\n')],
      100,
    );
    expect(values).toEqual([{ n: 1 }]);
    expect(ignored).toEqual([{ preview: '{"a":"', reason: 'too_long' }]);
  });
});
