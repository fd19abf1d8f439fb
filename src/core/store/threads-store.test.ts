import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asst, textOf, threadsStoreHarness, user, verdict } from '../../../test/fixtures/threads-store-harness';
import type { ChatMessage } from '../../shared/threads';
import { compactedLog } from './thread-log';
import { DEFAULT_THREAD_TITLE, ThreadNotFoundError } from './threads-store';

// The store's threads and their summaries: what survives a restart, a crash or a broken index. Its writes are in
// threads-store.writes.test.ts, its search in threads-store.search.test.ts, other processes' changes in .sync.
describe('ThreadsStore', () => {
  let dir: string;
  let h: ReturnType<typeof threadsStoreHarness>;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'desk-threads-')), 'state', 'threads');
    h = threadsStoreHarness(dir);
  });
  afterEach(() => fs.rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true }));

  it("keeps a thread's branch summaries from its last read: a message does not re-read the log, a rewind does", async () => {
    const store = await h.open();
    const t = await store.create();
    const kinds: string[] = [];
    store.onChange((c) => kinds.push(c.kind));
    await store.appendUser(t.id, user('u1', 'first'));
    await store.rewind(t.id, { id: 'b1', fromMessageId: 'u1', createdAt: 1, messages: [user('u1', 'first')] });
    expect(kinds).toEqual(['message', 'branches']);
    expect(await store.branches(t.id)).toEqual([{ id: 'b1', createdAt: 1, messageCount: 1 }]);
    // Made unreadable: a message after it is answered from memory.
    const file = path.join(dir, `${t.id}.jsonl`);
    const saved = fs.readFileSync(file);
    fs.writeFileSync(file, 'not json\n');
    await store.appendUser(t.id, user('u2', 'second'));
    expect(await store.branches(t.id)).toEqual([{ id: 'b1', createdAt: 1, messageCount: 1 }]);
    // A rewind may change them: read again.
    fs.writeFileSync(file, saved);
    await store.rewind(t.id, { id: 'b2', fromMessageId: 'u2', createdAt: 2, messages: [user('u2', 'second')] });
    expect((await store.branches(t.id)).map((b) => b.id)).toEqual(['b1', 'b2']);
  });

  it("knows a thread's message ids after one read: a send's duplicate check does not parse the log again", async () => {
    const store = await h.open();
    const t = await store.create();
    await store.appendUser(t.id, user('u1', 'first'));
    // Not read yet in this run: the first check reads the log.
    expect(await store.hasMessage(t.id, 'u1')).toBe(true);
    expect(await store.hasMessage(t.id, 'nope')).toBe(false);
    // From now on the answers come from memory: the log on disk is not consulted (here: made unreadable).
    const file = path.join(dir, `${t.id}.jsonl`);
    const saved = fs.readFileSync(file);
    fs.writeFileSync(file, 'not json\n');
    await store.appendUser(t.id, user('u2', 'second'));
    expect(await store.hasMessage(t.id, 'u1')).toBe(true);
    expect(await store.hasMessage(t.id, 'u2')).toBe(true);
    // A rewind sets messages aside: the next check reads again.
    fs.writeFileSync(file, saved);
    await store.rewind(t.id, { id: 'b1', fromMessageId: 'u1', createdAt: 1, messages: [user('u1', 'first')] });
    expect(await store.hasMessage(t.id, 'u1')).toBe(false);
  });

  it('creates threads that survive a restart, with private files', async () => {
    const store = await h.open();
    const t = await store.create({ settings: { model: 'claude-code:opus', projectDir: '' } });
    expect(t.title).toBe(DEFAULT_THREAD_TITLE);
    expect(t.settings).toEqual({ model: 'claude-code:opus' });
    await store.appendUser(t.id, user('u1', 'Hello there'));
    await store.saveAssistant(t.id, asst('turn1', 'Hi!', 'done'));
    await store.flush();

    const again = await h.open();
    const thread = await again.get(t.id);
    expect(thread?.messages.map(textOf)).toEqual(['Hello there', 'Hi!']);
    expect(thread?.settings.model).toBe('claude-code:opus');
    if (process.platform !== 'win32') {
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      for (const f of fs.readdirSync(dir)) expect(fs.statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
    }
  });

  it('a request that says little ("hi") is named by its first answer, unless the user renamed it first', async () => {
    const store = await h.open();
    const a = await store.create();
    const b = await store.create();
    await store.appendUser(a.id, user('u1', 'hi'));
    await store.appendUser(b.id, user('u2', 'hey'));
    expect(store.summary(a.id)?.title).toBe('Hi');
    await store.rename(b.id, 'Mine');
    await store.saveAssistant(a.id, asst('t1', '## Getting started with Rust\n\nFirst install rustup.', 'done'));
    await store.saveAssistant(b.id, asst('t2', '## Something else entirely', 'done'));
    expect(store.summary(a.id)?.title).toBe('Getting started with Rust');
    expect(store.summary(b.id)?.title).toBe('Mine');
    await store.flush();
    expect((await h.open()).summary(a.id)?.title).toBe('Getting started with Rust');
  });

  it('lists most recent first and titles a thread from its first user message', async () => {
    const store = await h.open();
    const a = await store.create();
    h.tick(10);
    const b = await store.create({ title: 'Kept title' });
    h.tick(10);
    await store.appendUser(
      a.id,
      user(
        'u1',
        '\n  Refactor the   parser so that it streams every line without buffering the whole file please\nmore',
      ),
    );
    await store.appendUser(b.id, user('u2', 'this must not rename b'));
    h.tick(10);
    await store.appendUser(a.id, user('u3', 'second message does not retitle'));
    const list = await store.list();
    expect(list.map((s) => s.id)).toEqual([a.id, b.id]);
    expect(list[0]?.title.length).toBeLessThanOrEqual(60);
    expect(list[0]?.title).toMatch(/^Refactor the parser so that it streams .*…$/);
    expect(list[1]?.title).toBe('Kept title');
    expect(await store.list(1)).toHaveLength(1);
    await store.rename(b.id, '  Renamed  ');
    await store.flush();
    expect((await h.open()).summary(b.id)?.title).toBe('Renamed');
  });

  it('rebuilds a corrupt index from the logs with a warning', async () => {
    const store = await h.open();
    const t = await store.create({ title: 'Important' });
    await store.addTotals(t.id, verdict);
    await store.addTotals(t.id, verdict);
    await store.flush();
    fs.writeFileSync(path.join(dir, 'index.json'), '{"version":1,"threads":[{"id":');
    const again = await h.open();
    const s = again.summary(t.id);
    expect(s?.title).toBe('Important');
    expect(s?.totals).toMatchObject({ costUsd: 1, turns: 2, inputTokens: 20 });
    expect(h.warnings.join('\n')).toMatch(/rebuilt/i);
  });

  it('one unreadable thread log is skipped with a warning; the other threads still open', async () => {
    const store = await h.open();
    const good = await store.create({ title: 'Readable' });
    const bad = await store.create({ title: 'Unreadable' });
    await store.flush();
    fs.rmSync(path.join(dir, 'index.json')); // every log must be read again
    fs.mkdirSync(path.join(dir, 'not-a-log.jsonl')); // a directory where a log is expected
    // We run as root in CI, where chmod 000 does not stop a read: fail that one read instead.
    // Logs are read line by line through a file handle (never one whole-file string).
    const realOpen = fsp.open.bind(fsp);
    const spy = vi
      .spyOn(fsp, 'open')
      .mockImplementation(((file: Parameters<typeof fsp.open>[0], ...rest: [never]) =>
        String(file).endsWith(`${bad.id}.jsonl`)
          ? Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }))
          : realOpen(file, ...rest)) as typeof fsp.open);
    try {
      const again = await h.open();
      expect((await again.list()).map((t) => t.title)).toEqual(['Readable']);
      expect(again.summary(good.id)?.title).toBe('Readable');
      expect(h.warnings.join('\n')).toContain(`Skipped thread ${bad.id}`);
    } finally {
      spy.mockRestore();
    }
  });

  it('an index older than the logs (crash before its coalesced write) is brought up to date on open', async () => {
    const store = await h.open();
    const { id } = await store.create();
    await store.flush(); // index.json now says "New thread", 0 turns
    await store.appendUser(id, user('u0', '')); // images only: no text, the title stays the default
    expect(store.summary(id)?.title).toBe(DEFAULT_THREAD_TITLE);
    h.tick(50);
    await store.appendUser(id, user('u1', 'Fix the login bug'));
    await store.addTotals(id, verdict);
    // No flush: the process dies with the index write still scheduled.
    const s = (await h.open()).summary(id);
    expect(s?.title).toBe('Fix the login bug');
    expect(s?.totals.turns).toBe(1);
    expect(s?.updatedAt).toBe(1_050);
  });

  it('deletes a thread and its file', async () => {
    const store = await h.open();
    const a = await store.create();
    const b = await store.create();
    expect(await store.delete(a.id)).toBe(true);
    expect(await store.delete(a.id)).toBe(false);
    expect(fs.existsSync(path.join(dir, `${a.id}.jsonl`))).toBe(false);
    expect(await store.get(a.id)).toBeUndefined();
    await expect(store.appendUser(a.id, user('u', 'x'))).rejects.toBeInstanceOf(ThreadNotFoundError);
    await store.flush();
    expect((await (await h.open()).list()).map((s) => s.id)).toEqual([b.id]);
  });

  it('updates per-thread settings and totals, persisted', async () => {
    const store = await h.open();
    const { id } = await store.create({ settings: { model: 'opus', systemPrompt: 'be brief' } });
    await store.updateSettings(id, { projectDir: '/tmp/p', systemPrompt: '' });
    const totals = await store.addTotals(id, verdict);
    expect(totals).toEqual({
      costUsd: 0.5,
      inputTokens: 10,
      outputTokens: 5,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
      durationMs: 100,
      turns: 1,
    });
    const s = (await h.open()).summary(id);
    expect(s?.settings).toEqual({ model: 'opus', projectDir: '/tmp/p' });
    expect(s?.totals.turns).toBe(1);
  });

  it('a thread saved before per-turn costs opens corrected: each turn its own cost, the header their sum', async () => {
    // What earlier versions wrote: the CLI's running session total as each turn's cost, and the sum of those.
    const id = 'legacy-thread';
    const turn = (n: number, total: number) => ({
      op: 'assistant',
      at: n,
      message: { ...asst(`a${n}`, 'answer', 'done'), verdict: { ...verdict, costUsd: total } },
    });
    const lines = [
      {
        op: 'meta',
        at: 0,
        id,
        title: 'Old thread',
        createdAt: 0,
        settings: {},
        totals: { ...verdict, costUsd: 0.00108, inputTokens: 30, outputTokens: 15, durationMs: 300, turns: 3 },
      },
      turn(1, 0.00018),
      turn(2, 0.00036),
      turn(3, 0.00054),
    ];
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${id}.jsonl`), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ version: 1, threads: [] }));
    const store = await h.open();
    expect(store.summary(id)?.totals.costUsd).toBeCloseTo(0.00054, 12);
    expect(store.summary(id)?.totals.turns).toBe(3);
    const thread = await store.get(id);
    for (const m of thread!.messages) expect(m.role === 'assistant' && m.verdict?.costUsd).toBeCloseTo(0.00018, 12);
    expect(h.warnings).toEqual([]); // an older index is stale, not corrupt
    await store.flush();
    expect((await h.open()).summary(id)?.totals.costUsd).toBeCloseTo(0.00054, 12);
  });

  it('read() returns the last messages; unknown and path-like ids are simply not found', async () => {
    const store = await h.open();
    const { id } = await store.create();
    for (let i = 0; i < 5; i++) await store.appendUser(id, user(`u${i}`, `msg ${i}`));
    expect((await store.read(id, 2))?.messages.map(textOf)).toEqual(['msg 3', 'msg 4']);
    expect((await store.read(id))?.messages).toHaveLength(5);
    expect(await store.read('../../etc/passwd', 5)).toBeUndefined();
    await expect(store.rename('../evil', 'x')).rejects.toBeInstanceOf(ThreadNotFoundError);
  });

  it('pins and unpins a thread without moving it in time; the pin survives a reopen and a compaction', async () => {
    const store = await h.open();
    const { id } = await store.create({ title: 'Keep me close' });
    await store.appendUser(id, user('u1', 'hello'));
    const before = store.summary(id)!.updatedAt;
    h.tick(5_000);
    expect((await store.pin(id, true)).pinned).toBe(true);
    expect(store.summary(id)?.updatedAt).toBe(before);
    await store.flush();
    const again = await h.open();
    expect(again.summary(id)?.pinned).toBe(true);
    const thread = (await again.get(id))!;
    const compacted = compactedLog(thread, thread.messages, 9_000);
    expect(compacted).toContain('"pinned":true');
    await again.pin(id, false);
    expect(again.summary(id)?.pinned).toBeUndefined();
    await again.flush();
    expect((await h.open()).summary(id)?.pinned).toBeUndefined();
  });

  it('opens a 2,000-message thread with every message in order', async () => {
    fs.mkdirSync(dir, { recursive: true });
    const messages: ChatMessage[] = [];
    for (let i = 0; i < 1000; i++) {
      messages.push(user(`u${i}`, `question ${i}`));
      messages.push({
        ...asst(`t${i}`, `answer ${i} `.repeat(20), 'done'),
        parts: [
          { kind: 'tool', toolUseId: `tu${i}`, name: 'Read', input: { file_path: `/f${i}` }, result: 'ok' },
          { kind: 'text', text: `answer ${i}` },
        ],
      });
    }
    const summary = {
      id: 'big',
      title: 'Big',
      createdAt: 1,
      updatedAt: 2,
      settings: {},
      totals: { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0, turns: 0 },
    };
    fs.writeFileSync(path.join(dir, 'big.jsonl'), compactedLog(summary, messages, 2));
    const store = await h.open();
    const thread = await store.get('big');
    expect(thread?.messages).toHaveLength(2000);
    expect(textOf(thread?.messages[1999])).toBe('answer 999');
    expect((await store.read('big', 10))?.messages[0]?.id).toBe('u995');
  });
});
