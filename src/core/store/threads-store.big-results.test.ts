import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { ThreadsStore } from './threads-store';

// The index is written a moment after a change: the stores are flushed before their folder goes (ENOTEMPTY).
const temp = useTempDirs('claude-desk-big');

async function store(): Promise<{ s: ThreadsStore; dir: string }> {
  const dir = await temp.make();
  const s = temp.track(await ThreadsStore.open({ dir }));
  return { s, dir };
}

describe('ThreadsStore: big tool results and reading failures', () => {
  it('keeps a big tool result once beside the thread and pages it back from disk', async () => {
    const { s, dir } = await store();
    const t = await s.create({ title: 'big' });
    const big = 'x'.repeat(3 * 256 * 1024 + 5);
    await s.saveToolResult(t.id, 'toolu_01', big);
    const first = await s.readToolResult(t.id, 'toolu_01');
    expect(first).toMatchObject({ offset: 0, total: big.length, nextOffset: 256 * 1024 });
    const last = await s.readToolResult(t.id, 'toolu_01', 3 * 256 * 1024);
    expect(last).toEqual({ text: 'xxxxx', offset: 3 * 256 * 1024, total: big.length, nextOffset: null });
    await expect(s.readToolResult(t.id, 'toolu_none')).resolves.toBeNull();
    await s.delete(t.id);
    expect(await fs.readdir(dir)).not.toContain(`${t.id}.results`);
  });

  it('pages of a result with multi-byte characters join back to the exact text, from any offset', async () => {
    const { s } = await store();
    const t = await s.create({ title: 'utf8' });
    const text = 'aé€😀'.repeat(50_000); // 1, 2, 3 and 4 bytes
    await s.saveToolResult(t.id, 'toolu_u', text);
    let joined = '';
    for (let offset: number | null = 0; offset !== null;) {
      const page = await s.readToolResult(t.id, 'toolu_u', offset, 1000);
      joined += page!.text;
      offset = page!.nextOffset;
    }
    expect(joined).toBe(text);
    // "The last page", computed as total − limit, lands inside a character: it starts at the next one.
    const total = Buffer.byteLength(text);
    const tail = await s.readToolResult(t.id, 'toolu_u', total - 1001, 1000);
    expect(tail!.text).not.toContain('\uFFFD');
    expect(text.endsWith(tail!.text)).toBe(true);
    expect(tail!.nextOffset).toBeNull();
  });

  it('a thread whose log cannot be read says so instead of opening empty', async () => {
    const { s, dir } = await store();
    const t = await s.create({ title: 'unreadable' });
    const file = path.join(dir, `${t.id}.jsonl`);
    await fs.rm(file);
    await fs.mkdir(file); // EISDIR on read, like a file the app cannot read
    const thread = await s.get(t.id);
    expect(thread?.messages).toEqual([]);
    expect(thread?.problem).toMatch(/^This thread could not be read \(EISDIR\)/);
  });

  it('reads a log line by line (no whole-file string), torn last line skipped', async () => {
    const { s, dir } = await store();
    const t = await s.create({ title: 'lines' });
    await s.appendUser(t.id, { id: 'u1', role: 'user', createdAt: 1, text: 'hello' });
    await s.flush();
    await fs.appendFile(path.join(dir, `${t.id}.jsonl`), '{"op":"user","at":2,"mess');
    const thread = await s.get(t.id);
    expect(thread?.messages.map((m) => m.id)).toEqual(['u1']);
    expect(thread?.problem).toBeUndefined();
  });
});
