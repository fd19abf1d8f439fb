import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { serializeRecords } from './thread-log';
import { ThreadQueues } from './thread-queues';
import type { ThreadsChange } from './threads-changes';
import { ThreadsDiskSync } from './threads-disk-sync';
import type { IndexEntry } from './threads-index';

const temp = useTempDirs('claude-desk-disk-sync');

async function sync() {
  const dir = await temp.make();
  const entries = new Map<string, IndexEntry>();
  const seen: ThreadsChange[] = [];
  const forgotten: string[] = [];
  const disk = new ThreadsDiskSync({
    dir,
    entries,
    queues: new ThreadQueues(),
    logPath: (id) => path.join(dir, `${id}.jsonl`),
    indexSoon: () => {},
    emit: (threadId, kind) => seen.push({ threadId, kind }),
    forget: (id) => forgotten.push(id),
  });
  const write = (id: string, title: string) =>
    fs.writeFile(path.join(dir, `${id}.jsonl`), serializeRecords([{ op: 'meta', at: 1, id, title, createdAt: 1 }]));
  return { dir, entries, seen, forgotten, disk, write };
}

describe('ThreadsDiskSync', () => {
  it("adopts another process's new thread and announces it once; a thread deleted here is not revived", async () => {
    const { entries, seen, disk, write } = await sync();
    await write('theirs', 'From the command line');
    await write('mine', 'Deleted here, its removal still queued');
    disk.markDeleted('mine');
    await disk.syncFromDisk();
    await disk.syncFromDisk();
    expect([...entries.keys()]).toEqual(['theirs']);
    expect(entries.get('theirs')?.title).toBe('From the command line');
    expect(seen).toEqual([{ threadId: 'theirs', kind: 'created' }]);
  });

  it('a log removed by another process: the thread goes, with what is kept beside it, and is announced deleted', async () => {
    const { dir, entries, seen, forgotten, disk, write } = await sync();
    await write('t1', 'Soon gone');
    await disk.syncFromDisk(['t1']);
    await fs.rm(path.join(dir, 't1.jsonl'));
    await disk.syncFromDisk(['t1']);
    expect(entries.has('t1')).toBe(false);
    expect(forgotten).toEqual(['t1']);
    expect(seen.map((c) => c.kind)).toEqual(['created', 'deleted']);
  });
});
