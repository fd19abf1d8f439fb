import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import type { AssistantMessage } from '../../shared/threads';
import { EMPTY_TOTALS } from '../../shared/turn-reducer';
import { parseThreadLog } from './thread-log';
import { ThreadLogWriter, type ThreadLogWriterDeps } from './thread-log-writer';
import { ThreadQueues } from './thread-queues';
import type { IndexEntry } from './threads-index';

const temp = useTempDirs('claude-desk-log-writer');

async function writer(over: Partial<ThreadLogWriterDeps> = {}) {
  const dir = await temp.make();
  const entry: IndexEntry = {
    id: 't',
    title: 'T',
    createdAt: 1,
    updatedAt: 1,
    settings: {},
    totals: { ...EMPTY_TOTALS },
    logBytes: 0,
  };
  const entries = new Map([['t', entry]]);
  const changed: string[] = [];
  let clock = 0;
  const timers: (() => void)[] = [];
  const w = new ThreadLogWriter({
    entries,
    queues: new ThreadQueues(),
    logPath: (id) => path.join(dir, `${id}.jsonl`),
    indexSoon: () => {},
    now: () => clock,
    schedule: (fn) => {
      timers.push(fn);
      return () => {};
    },
    coalesceMs: 250,
    warn: (m) => {
      throw new Error(m);
    },
    onSnapshotChange: (id) => changed.push(id),
    ...over,
  });
  const file = path.join(dir, 't.jsonl');
  return {
    w,
    entry,
    entries,
    file,
    changed,
    tick: (ms: number) => (clock += ms),
    read: () => fs.readFile(file, 'utf8'),
  };
}

const snapshot = (text: string, status: AssistantMessage['status'] = 'running'): AssistantMessage => ({
  id: 'a1',
  role: 'assistant',
  createdAt: 1,
  status,
  parts: [{ kind: 'text', text }],
});

describe('ThreadLogWriter', () => {
  it('after a torn last line (a crash mid-write) the next record starts on a fresh line; logBytes follows the file', async () => {
    const { w, entry, file, read } = await writer();
    await fs.writeFile(file, '{"op":"meta","at":1,"title":"T"}\n{"op":"user","at":2,"mess');
    entry.logBytes = (await fs.stat(file)).size;
    await w.append('t', [{ op: 'user', at: 3, message: { id: 'u1', role: 'user', createdAt: 3, text: 'hi' } }], false);
    const parsed = parseThreadLog('t', await read());
    expect(parsed.messages.map((m) => m.id)).toEqual(['u1']);
    expect(parsed.badLines).toBe(1); // the torn line, no longer last
    expect(entry.logBytes).toBe((await fs.stat(file)).size);
  });

  it('records appended before the queue reaches them are one batch, in order; a deleted thread gets none', async () => {
    const { w, entries, read } = await writer();
    w.markNew('t');
    const user = { op: 'user' as const, at: 1, message: { id: 'u1', role: 'user' as const, createdAt: 1, text: 'q' } };
    await Promise.all([w.append('t', [user], 'after'), w.append('t', [{ op: 'meta', at: 1, title: 'Q' }], true)]);
    expect(
      (await read())
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).op),
    ).toEqual(['user', 'meta']);
    entries.delete('t');
    await w.append('t', [{ op: 'meta', at: 2, title: 'gone' }], true);
    expect(await read()).not.toContain('gone');
    await w.flush(); // the deferred sync of the 'after' batch is done too
  });

  it('tells of a new turn and a status change, not of the snapshots streamed between; flush writes those', async () => {
    const { w, changed, read } = await writer();
    w.markNew('t');
    await w.offerSnapshot('t', snapshot('a'));
    await w.offerSnapshot('t', snapshot('ab'));
    expect(w.pendingSnapshots('t').map((m) => m.parts)).toEqual([[{ kind: 'text', text: 'ab' }]]);
    await w.flush();
    expect(w.pendingSnapshots('t')).toEqual([]);
    await w.offerSnapshot('t', snapshot('abc', 'done'));
    expect(changed).toEqual(['t', 't']);
    expect(parseThreadLog('t', await read()).messages).toEqual([snapshot('abc', 'done')]);
  });

  it('compacts a log bloated by snapshots once its turn ends, but not while another process holds the thread', async () => {
    const stream = async ({ w, tick }: { w: ThreadLogWriter; tick: (ms: number) => number }) => {
      w.markNew('t');
      // A quarter second apart, each snapshot is written: each one supersedes the one before.
      for (let i = 1; i <= 8; i++) {
        tick(300);
        await w.offerSnapshot('t', snapshot('y'.repeat(i * 40_000)));
      }
      await w.offerSnapshot('t', snapshot('done', 'done'));
    };
    const busy = await writer({ rewriteLock: async () => null });
    await stream(busy);
    expect((await busy.read()).length).toBeGreaterThan(500_000);

    const released: string[] = [];
    const free = await writer({ rewriteLock: async (id) => async () => void released.push(id) });
    await stream(free);
    const text = await free.read();
    expect(text.length).toBeLessThan(1_000);
    expect(parseThreadLog('t', text).messages).toEqual([snapshot('done', 'done')]);
    expect(free.entry.logBytes).toBe(Buffer.byteLength(text));
    expect(released).toEqual(['t']);
  });
});
