import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asst, textOf, threadsStoreHarness, user } from '../../../test/fixtures/threads-store-harness';
import type { ThreadsChange } from './threads-store';

// What the store writes to a thread's log, and when: coalesced snapshots, one write per batch, compaction.
describe('ThreadsStore: writing the logs', () => {
  let dir: string;
  let h: ReturnType<typeof threadsStoreHarness>;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'desk-threads-')), 'state', 'threads');
    h = threadsStoreHarness(dir);
  });
  afterEach(() => fs.rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true }));

  const assistantLines = (id: string) =>
    fs
      .readFileSync(path.join(dir, `${id}.jsonl`), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"op":"assistant"')).length;

  it('coalesces streaming snapshots and writes a final status at once', async () => {
    const store = await h.open();
    const { id } = await store.create();
    await store.saveAssistant(id, asst('turn1', 'a')); // a new turn is written at once
    expect(assistantLines(id)).toBe(1);
    for (let i = 0; i < 20; i++) await store.saveAssistant(id, asst('turn1', 'a'.repeat(i + 2)));
    expect(assistantLines(id)).toBe(1);
    // What is shown is never older than what was saved: get() sees the pending snapshot.
    expect(textOf((await store.get(id))?.messages[0])).toBe('a'.repeat(21));
    h.tick(250);
    h.runTimers();
    await store.flush();
    expect(assistantLines(id)).toBe(2);
    await store.saveAssistant(id, asst('turn1', 'final', 'done'));
    expect(assistantLines(id)).toBe(3);
    expect(textOf((await (await h.open()).get(id))?.messages[0])).toBe('final');
  });

  it('a crash mid-turn keeps what was written, skips a torn last line, and appends on a fresh line', async () => {
    const store = await h.open();
    const { id } = await store.create();
    await store.appendUser(id, user('u1', 'question'));
    await store.saveAssistant(id, asst('turn1', 'partial answer'));
    // "Crash": no flush; the process dies while writing the next snapshot.
    fs.appendFileSync(path.join(dir, `${id}.jsonl`), '{"op":"assistant","at":5,"message":{"id":"turn1","par');

    const after = await h.open();
    const thread = await after.get(id);
    expect(thread?.title).toBe('Question');
    expect(thread?.messages.map(textOf)).toEqual(['question', 'partial answer']);
    expect(h.warnings).toEqual([]); // a torn tail is expected after a crash, not a warning
    await after.appendUser(id, user('u2', 'next'));
    expect((await (await h.open()).get(id))?.messages.map(textOf)).toEqual(['question', 'partial answer', 'next']);
  });

  it('keeps message order: a turn saved before the next user message stays before it', async () => {
    const store = await h.open();
    const { id } = await store.create();
    await store.appendUser(id, user('u1', 'one'));
    await store.saveAssistant(id, asst('turn1', 'ans'));
    await store.saveAssistant(id, asst('turn1', 'answer one')); // pending
    await store.appendUser(id, user('u2', 'two'));
    await store.saveAssistant(id, asst('turn1', 'answer one!', 'done'));
    expect((await store.get(id))?.messages.map(textOf)).toEqual(['one', 'answer one!', 'two']);
  });

  it('a user message is in the log when appendUser resolves; deleting the thread right after leaves no log behind', async () => {
    const store = await h.open();
    const { id } = await store.create();
    await store.appendUser(id, user('u1', 'sent before its sync ends'));
    // Read by a second store at once, as a restart right after the send would: the message is there.
    expect((await (await h.open()).get(id))?.messages.map(textOf)).toEqual(['sent before its sync ends']);
    // Its power-loss sync may still be under way: it must not make the deleted log again.
    await store.delete(id);
    await store.flush();
    expect(fs.existsSync(path.join(dir, `${id}.jsonl`))).toBe(false);
    expect(h.warnings).toEqual([]);
  });

  it("a send's message and its answer's placeholder, saved in one go, are one write to the log", async () => {
    const store = await h.open();
    const { id } = await store.create();
    await store.flush();
    const log = path.join(dir, `${id}.jsonl`);
    // Small unsynced records go out as one synchronous append; anything else through a file handle.
    const open = vi.spyOn(fsp, 'open');
    const append = vi.spyOn(fs, 'appendFileSync');
    try {
      await Promise.all([store.appendUser(id, user('u1', 'question')), store.saveAssistant(id, asst('turn1', ''))]);
      const writes = [
        ...open.mock.calls.filter(([file, flags]) => file === log && flags === 'a'),
        ...append.mock.calls.filter(([file]) => file === log),
      ];
      expect(writes).toHaveLength(1);
    } finally {
      open.mockRestore();
      append.mockRestore();
    }
    await store.saveAssistant(id, asst('turn1', 'answer', 'done'));
    expect((await (await h.open()).get(id))?.messages.map(textOf)).toEqual(['question', 'answer']);
  });

  it('tells listeners about changes, not about every streamed snapshot', async () => {
    const store = await h.open();
    const seen: ThreadsChange[] = [];
    const off = store.onChange((c) => seen.push(c));
    const { id } = await store.create();
    await store.appendUser(id, user('u1', 'hi'));
    await store.saveAssistant(id, asst('t1', 'a'));
    for (let i = 0; i < 5; i++) await store.saveAssistant(id, asst('t1', `a${i}`));
    await store.saveAssistant(id, asst('t1', 'done', 'done'));
    await store.rename(id, 'x');
    await store.delete(id);
    off();
    await store.create();
    expect(seen.map((c) => c.kind)).toEqual(['created', 'message', 'message', 'message', 'updated', 'deleted']);
    expect(seen.every((c) => c.threadId === id)).toBe(true);
  });

  it('compacts a log bloated by streaming snapshots, keeping the same content', async () => {
    const store = await h.open();
    const { id } = await store.create();
    await store.appendUser(id, user('u1', 'write a lot'));
    for (let i = 1; i <= 40; i++) {
      await store.saveAssistant(id, asst('t1', 'x'.repeat(i * 10_000)));
      h.tick(300);
    }
    const file = path.join(dir, `${id}.jsonl`);
    const bloated = fs.statSync(file).size;
    await store.saveAssistant(id, asst('t1', 'y'.repeat(400_000), 'done'));
    await store.flush();
    const size = fs.statSync(file).size;
    expect(bloated).toBeGreaterThan(5_000_000);
    expect(size).toBeLessThan(450_000);
    const thread = await (await h.open()).get(id);
    expect(thread?.messages.map((m) => textOf(m).length)).toEqual([11, 400_000]);
  });
});
