import fs from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { SessionsStore } from './sessions-store';
import { ThreadsStore } from './threads-store';
import { processStartTime, ThreadLocks } from './thread-locks';

const temp = useTempDirs('claude-desk-locks');
const tmp = () => temp.make();

describe('ThreadLocks', () => {
  it('one holder at a time; released, the next takes it and learns someone else ran last', async () => {
    const dir = await tmp();
    const a = temp.track(new ThreadLocks(dir, 'web'));
    const b = temp.track(new ThreadLocks(dir, 'command-line'));
    const held = await a.acquire('t1');
    expect(held).toMatchObject({ ok: true, otherRanLast: false });
    expect(await b.acquire('t1')).toMatchObject({ ok: false, owner: { pid: process.pid, host: 'web' } });
    expect(await b.acquire('t2')).toMatchObject({ ok: true }); // other threads are free
    if (held.ok) await held.release();
    const next = await b.acquire('t1');
    expect(next).toMatchObject({ ok: true, otherRanLast: true });
    expect((await fs.stat(path.join(dir, 't1.lock'))).mode & 0o777).toBe(0o600);
  });

  it('a thread run last here, then by another instance, then here again: each turn learns who ran before it', async () => {
    const dir = await tmp();
    const a = temp.track(new ThreadLocks(dir, 'web'));
    const b = temp.track(new ThreadLocks(dir, 'command-line'));
    const turn = async (locks: ThreadLocks) => {
      const lock = await locks.acquire('t1');
      if (!lock.ok) throw new Error('not taken');
      await lock.release();
      return lock.otherRanLast;
    };
    expect(await turn(a)).toBe(false); // the first turn ever
    expect(await turn(a)).toBe(false); // a ran last: one stat says so
    expect(await turn(b)).toBe(true);
    expect(await turn(a)).toBe(true); // b's write changed the file a remembered
    expect(await turn(a)).toBe(false);
    // Someone replaced the file by hand: it is read again, not trusted by its old stamp.
    await fs.writeFile(path.join(dir, 't1.last'), 'someone-else');
    expect(await turn(a)).toBe(true);
    await expect.poll(async () => (await fs.readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("the next turn's lock file is written at the end of a turn, and taking the lock links it into place", async () => {
    const dir = await tmp();
    const locks = temp.track(new ThreadLocks(dir, 'web'));
    const first = await locks.acquire('t1');
    if (!first.ok) throw new Error('not taken');
    await first.release();
    const spares = async () => (await fs.readdir(dir)).filter((f) => f.endsWith('.spare'));
    await expect.poll(spares).toHaveLength(1);
    const [spare] = await spares();
    const written = JSON.parse(await fs.readFile(path.join(dir, spare!), 'utf8'));
    expect(spare).toBe(`${process.pid}-${written.nonce}.spare`);
    expect((await fs.stat(path.join(dir, spare!))).mode & 0o777).toBe(0o600);

    // Any thread's next lock is that file: the same owner, and no spare left once it is linked.
    const second = await locks.acquire('t2');
    expect(second.ok).toBe(true);
    expect(JSON.parse(await fs.readFile(path.join(dir, 't2.lock'), 'utf8'))).toEqual(written);
    await expect.poll(spares).toEqual([]);
    // Another instance still sees a holder it must not take over.
    expect(await temp.track(new ThreadLocks(dir, 'command-line')).acquire('t2')).toMatchObject({
      ok: false,
      owner: { pid: process.pid },
    });
    if (second.ok) await second.release();
    await expect.poll(spares).toHaveLength(1);
    // A spare whose folder was emptied meanwhile: the lock is written afresh.
    await Promise.all((await spares()).map((f) => fs.rm(path.join(dir, f))));
    const third = await locks.acquire('t1');
    expect(third.ok).toBe(true);
    expect(JSON.parse(await fs.readFile(path.join(dir, 't1.lock'), 'utf8')).pid).toBe(process.pid);
  });

  it('settled() waits for the file work a release leaves running: the spare is on disk, no temp file is left', async () => {
    const dir = await tmp();
    const locks = new ThreadLocks(dir, 'web');
    for (const thread of ['t1', 't2', 't1']) {
      const lock = await locks.acquire(thread);
      if (!lock.ok) throw new Error('not taken');
      await lock.release();
      await locks.settled();
      const names = await fs.readdir(dir);
      expect(names.filter((f) => f.endsWith('.spare'))).toHaveLength(1);
      expect(names.filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'))).toEqual([]);
    }
    // Closed (shutdown), it leaves no spare behind, and a lock taken after it leaves none either.
    await locks.close();
    expect((await fs.readdir(dir)).sort()).toEqual(['t1.last', 't2.last']);
    const late = await locks.acquire('t3');
    if (!late.ok) throw new Error('not taken');
    await late.release();
    await locks.settled();
    expect((await fs.readdir(dir)).sort()).toEqual(['t1.last', 't2.last', 't3.last']);
    // Nothing more lands after it: the folder can be removed in one go.
    await fs.rm(dir, { recursive: true });
  });

  it('the spares of instances that are gone are removed; a live one keeps its own', async () => {
    const dir = await tmp();
    const gone = spawn(process.execPath, ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => gone.on('exit', () => resolve(gone.pid!)));
    const owner = (pid: number) => JSON.stringify({ pid, host: 'web', at: 0, nonce: 'n' });
    await fs.writeFile(path.join(dir, `${deadPid}-aaaa.spare`), owner(deadPid));
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await fs.writeFile(path.join(dir, `${alive.pid}-bbbb.spare`), owner(alive.pid!));
      expect(await temp.track(new ThreadLocks(dir, 'web')).acquire('t1')).toMatchObject({ ok: true });
      await expect
        .poll(async () => (await fs.readdir(dir)).filter((f) => f.endsWith('.spare')))
        .toEqual([`${alive.pid}-bbbb.spare`]);
    } finally {
      alive.kill();
    }
  });

  it.runIf(process.platform === 'linux')('a lock whose pid now belongs to a newer process is stale', async () => {
    const dir = await tmp();
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    // Our own pid, but a start time it never had: the holder died and the pid was reused.
    const stale = { pid: process.pid, startTime: '1', host: 'cli', at: 0, nonce: 'old' };
    await fs.writeFile(path.join(dir, 't1.lock'), JSON.stringify(stale));
    expect(await temp.track(new ThreadLocks(dir, 'web')).acquire('t1')).toMatchObject({ ok: true });
  });
});

describe('SessionsStore across processes', () => {
  it("a change keeps what another process saved meanwhile, and reload() sees the other's sessions", async () => {
    const file = path.join(await tmp(), 'sessions.json');
    const mine = new SessionsStore(file);
    const theirs = new SessionsStore(file);
    const s1 = '6f1c1f5e-7a57-4a43-9d3c-3f0d6a1c2b11';
    const s2 = '0b3f6a2e-1d4c-4e5f-8a9b-7c6d5e4f3a21';
    expect(await mine.get('a')).toBeUndefined(); // cached, empty
    await theirs.set('b', s2);
    await mine.set('a', s1);
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ a: s1, b: s2 });
    await theirs.set('c', s1);
    expect(await mine.get('c')).toBeUndefined();
    mine.reload();
    expect(await mine.get('c')).toBe(s1);
  });
});

describe('compaction and other processes', () => {
  it('a log is not rewritten while another process runs a turn on it (its appends would be lost); later it is', async () => {
    const dir = await tmp();
    const locks = temp.track(new ThreadLocks(path.join(dir, 'locks'), 'web'));
    const store = temp.track(
      await ThreadsStore.open({
        dir: path.join(dir, 'threads'),
        rewriteLock: (id) => locks.forRewrite(id),
      }),
    );
    const t = await store.create({ title: 'shared' });
    const file = path.join(dir, 'threads', `${t.id}.jsonl`);
    // 40 superseded snapshots of one answer: far more waste than live data, so reading it compacts it.
    const snapshot = (i: number): string =>
      `${JSON.stringify({ op: 'assistant', at: 2 + i, message: { id: 'a1', role: 'assistant', createdAt: 2, status: 'running', parts: [{ kind: 'text', text: `${i}`.padEnd(20_000, '.') }] } })}\n`;
    await fs.appendFile(file, Array.from({ length: 40 }, (_, i) => snapshot(i)).join(''));
    const before = (await fs.stat(file)).size;
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await fs.mkdir(path.join(dir, 'locks'), { recursive: true });
      const owner = {
        pid: other.pid,
        startTime: processStartTime(other.pid!),
        host: 'command-line',
        at: Date.now(),
        nonce: 'n',
      };
      await fs.writeFile(path.join(dir, 'locks', `${t.id}.lock`), JSON.stringify(owner));
      expect((await store.get(t.id))?.messages).toHaveLength(1);
      await store.flush();
      await store.get(t.id); // queued behind a compaction, if one had started
      expect((await fs.stat(file)).size).toBe(before);
    } finally {
      other.kill('SIGKILL');
      await new Promise((r) => other.once('exit', r));
    }
    await store.get(t.id);
    await expect.poll(async () => (await fs.stat(file)).size).toBeLessThan(before / 10);
    expect((await store.get(t.id))?.messages).toHaveLength(1);
  });
});

describe('two stores on one threads dir', () => {
  it('a thread another process created shows in the list and opens; one deleted here does not come back', async () => {
    const dir = path.join(await tmp(), 'threads');
    const app = temp.track(await ThreadsStore.open({ dir }));
    const kept = await app.create({ title: 'the app' });
    const cli = temp.track(await ThreadsStore.open({ dir }));
    const made = await cli.create({ title: 'from the terminal' });
    await cli.appendUser(made.id, { id: 'u1', role: 'user', createdAt: 1, text: 'hello' });
    await cli.flush();
    expect((await app.list()).map((t) => t.title).sort()).toEqual(['from the terminal', 'the app']);
    expect((await app.get(made.id))?.messages.map((m) => m.id)).toEqual(['u1']);
    await app.delete(kept.id);
    expect((await app.list()).map((t) => t.title)).toEqual(['from the terminal']);
  });
});
