import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syntheticSession } from '../../../test/fixtures/synthetic-sessions';
import { appendToCopy, copySource, emptyCopy } from './kept-copies';
import { CHUNK_BYTES, fileSource, readCompleteLines, readPageBackwards, type ChunkSource } from './line-chunks';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-chunks-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

// 3+ MB: pages and lines cross the 1 MiB chunk boundaries; one tool result is bigger than a chunk.
const TEXT =
  syntheticSession({ sessionId: 's', cwd: '/p', turns: 200, toolResultBytes: 12_000 }) +
  syntheticSession({
    sessionId: 's',
    cwd: '/p',
    turns: 1,
    toolResultBytes: CHUNK_BYTES + 5000,
    prompt: () => 'Question 201',
    answer: () => 'Answer 201',
  });

async function allPrompts(source: ChunkSource): Promise<string[]> {
  const seen: string[] = [];
  let before: number | undefined = source.size;
  while (before !== undefined) {
    const page = await readPageBackwards(source, before, 7);
    const prompts = page.lines.flatMap((l) => (l.kind === 'prompt' ? [l.text] : []));
    expect(page.lines[0]?.kind).toBe('prompt'); // a page starts at a turn
    seen.unshift(...prompts);
    before = page.start > 0 ? page.start : undefined;
  }
  return seen;
}

const expected = Array.from({ length: 201 }, (_, i) => `Question ${i + 1}`);

describe('reading a transcript by byte offsets', () => {
  it('pages backwards from the end through every turn exactly once, in order (plain file)', async () => {
    const file = path.join(dir, 's.jsonl');
    fs.writeFileSync(file, `${TEXT}{"type":"user","message":{"role":"user","content":"torn`);
    const h = await fsp.open(file, 'r');
    try {
      expect(await allPrompts(fileSource(h, (await h.stat()).size))).toEqual(expected);
    } finally {
      await h.close();
    }
  });

  it('the same from a kept copy made of many gzip members', async () => {
    const bytes = Buffer.from(TEXT);
    const copy = path.join(dir, 's.jsonl.gz');
    const meta = emptyCopy();
    // Appended in uneven pieces, as a session grows between reads (always whole lines).
    let at = 0;
    while (at < bytes.length) {
      const end = Math.min(bytes.length, at + 700_000);
      let nl = bytes.lastIndexOf(10, end - 1) + 1;
      if (nl <= at) nl = bytes.indexOf(10, end) + 1; // a line longer than the piece
      await appendToCopy(copy, meta, bytes.subarray(at, nl));
      at = nl;
    }
    expect(meta.members.length).toBeGreaterThan(4);
    const h = await fsp.open(copy, 'r');
    try {
      expect(await allPrompts(copySource(h, meta))).toEqual(expected);
    } finally {
      await h.close();
    }
    // Plain gunzip reads the whole copy back.
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(fs.readFileSync(copy)).equals(bytes)).toBe(true);
  });

  it('reading forward stops before a torn last line and resumes there', async () => {
    const file = path.join(dir, 'f.jsonl');
    fs.writeFileSync(file, '{"a":1}\n{"b":2}\n{"c":');
    const h = await fsp.open(file, 'r');
    const got: string[] = [];
    const end = await readCompleteLines(fileSource(h, 21), 0, 21, (b) => void got.push(b.toString()));
    await h.close();
    expect(got.join('')).toBe('{"a":1}\n{"b":2}\n');
    expect(end).toBe(16);
  });
});
