import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { watchThreadsDir } from './threads-dir-watcher';
import { ThreadsStore, type ThreadsChange } from './threads-store';

const temp = useTempDirs('claude-desk-sync');

/** Two stores on one threads folder, as two Claude Desk processes on one data dir have them. */
async function twoStores() {
  const dir = path.join(await temp.make(), 'threads');
  const here = temp.track(await ThreadsStore.open({ dir }));
  const there = temp.track(await ThreadsStore.open({ dir }));
  const changes: ThreadsChange[] = [];
  here.onChange((c) => changes.push(c));
  return { dir, here, there, changes };
}

const done = (id: string, text: string) => ({
  id,
  role: 'assistant' as const,
  createdAt: 2,
  status: 'done' as const,
  parts: [{ kind: 'text' as const, text }],
});

describe('ThreadsStore.syncFromDisk: what another process did', () => {
  it('a thread it made, renamed, answered in and deleted: each is announced here and the list follows', async () => {
    const { here, there, changes } = await twoStores();
    const t = await there.create({ title: 'From the other window' });
    await there.flush();
    await here.syncFromDisk([t.id]);
    expect(changes).toEqual([{ threadId: t.id, kind: 'created' }]);
    expect((await here.list()).map((s) => s.title)).toEqual(['From the other window']);

    changes.length = 0;
    await there.rename(t.id, 'Renamed there');
    await here.syncFromDisk([t.id]);
    expect(changes).toEqual([{ threadId: t.id, kind: 'updated' }]);
    expect(here.summary(t.id)?.title).toBe('Renamed there');

    changes.length = 0;
    await there.appendUser(t.id, { id: 'u1', role: 'user', createdAt: 5, text: 'hello' });
    await there.saveAssistant(t.id, done('a1', 'Hi.'));
    await there.flush();
    await here.syncFromDisk([t.id]);
    expect(changes.map((c) => c.kind)).toEqual(['updated']);
    expect((await here.get(t.id))?.messages.map((m) => m.id)).toEqual(['u1', 'a1']);

    changes.length = 0;
    await there.delete(t.id);
    await here.syncFromDisk([t.id]);
    expect(changes).toEqual([{ threadId: t.id, kind: 'deleted' }]);
    expect(await here.list()).toEqual([]);
  });

  it("this store's own writes are not taken for another's; a streaming snapshot re-announces the thread only when its status moved", async () => {
    const { here, there, changes } = await twoStores();
    const t = await here.create({ title: 'mine' });
    await here.rename(t.id, 'still mine');
    await here.appendUser(t.id, { id: 'u1', role: 'user', createdAt: 5, text: 'hello' });
    await here.flush();
    changes.length = 0;
    await here.syncFromDisk();
    expect(changes).toEqual([]);

    await there.syncFromDisk(); // the other learns of it, then streams into it
    await there.saveAssistant(t.id, { ...done('a1', 'Half'), status: 'running' });
    await there.flush();
    await here.syncFromDisk([t.id]);
    expect(changes).toEqual([{ threadId: t.id, kind: 'updated' }]); // it runs now: shown as running
    changes.length = 0;
    await there.saveAssistant(t.id, { ...done('a1', 'Half an answer'), status: 'running' });
    await there.flush();
    await here.syncFromDisk([t.id]);
    expect(changes).toEqual([]); // one more streaming snapshot: nothing to announce
    expect(here.summary(t.id)?.updatedAt).toBeGreaterThan(t.updatedAt - 1);
  });

  it('a log caught while the other process writes it: an empty one waits for its next change, and a title appended while it is read still shows', async () => {
    const { dir, here, changes } = await twoStores();
    const id = '0b6f3c1e-5a7d-4c2b-9e8f-1a2b3c4d5e6f';
    const file = path.join(dir, `${id}.jsonl`);
    const line = (rec: object) => `${JSON.stringify(rec)}\n`;
    await fs.writeFile(file, ''); // created, nothing written yet
    await here.syncFromDisk([id]);
    expect(await here.list()).toEqual([]);

    await fs.appendFile(file, line({ op: 'meta', at: 1, id, title: 'New thread', createdAt: 1 }));
    // The other window's first message and the title it gives land just as this store looks at the log.
    const realStat = fs.stat.bind(fs);
    const stat = vi.spyOn(fs, 'stat').mockImplementationOnce((async (file: string) => {
      await fs.appendFile(file, line({ op: 'meta', at: 2, title: 'Plan the database migration' }));
      return realStat(file);
    }) as typeof fs.stat);
    try {
      await here.syncFromDisk([id]);
    } finally {
      stat.mockRestore();
    }
    await here.syncFromDisk([id]); // the watcher's next event
    expect(here.summary(id)?.title).toBe('Plan the database migration');
    expect(changes[0]).toEqual({ threadId: id, kind: 'created' });
  });

  it('a log rewritten elsewhere (compacted) is read again whole', async () => {
    const { dir, here, there } = await twoStores();
    const t = await there.create({ title: 'before' });
    await there.flush();
    await here.syncFromDisk();
    const file = path.join(dir, `${t.id}.jsonl`);
    const meta = { op: 'meta', at: 9, id: t.id, title: 'compacted', createdAt: 1 };
    await fs.writeFile(file, `${JSON.stringify(meta)}\n`);
    await here.syncFromDisk([t.id]);
    expect(here.summary(t.id)?.title).toBe('compacted');
  });
});

describe('watchThreadsDir', () => {
  it('hands on the thread logs that changed, once they settle; other files are left out', async () => {
    const dir = await temp.make();
    const seen: (string[] | undefined)[] = [];
    const stop = watchThreadsDir(dir, { settleMs: 50, onChange: (ids) => seen.push(ids) });
    try {
      await fs.writeFile(path.join(dir, 'index.json'), '{}');
      await fs.writeFile(path.join(dir, 't1.jsonl'), '{}\n');
      await fs.appendFile(path.join(dir, 't1.jsonl'), '{}\n');
      await fs.writeFile(path.join(dir, 't2.jsonl'), '{}\n');
      await expect.poll(() => [...new Set(seen.flat())].sort()).toEqual(['t1', 't2']);
    } finally {
      stop();
    }
  });
});

describe('ThreadsStore.updateSettings across processes', () => {
  it('a settings change here starts from what the other process wrote: its worktree is kept, not taken back', async () => {
    const { dir, here, there } = await twoStores();
    const t = await here.create({ title: 'same', settings: { projectDir: '/home/me/app', useWorktree: true } });
    await here.flush();
    await there.syncFromDisk([t.id]);
    const worktree = {
      name: 'same',
      repo: '/home/me/app',
      path: '/home/me/app/.claude/worktrees/same',
      branch: 'worktree-same',
      base: 'main',
      state: 'ready' as const,
    };
    // The other process makes the thread's worktree; this one, which has not looked since, changes the model.
    await there.updateSettings(t.id, { worktree });
    await there.flush();
    const after = await here.updateSettings(t.id, { model: 'opus' });
    expect(after.settings).toMatchObject({ worktree, model: 'opus', useWorktree: true });
    await here.flush();
    const reopened = temp.track(await ThreadsStore.open({ dir }));
    expect(reopened.summary(t.id)?.settings).toMatchObject({ worktree, model: 'opus' });
  });
});
