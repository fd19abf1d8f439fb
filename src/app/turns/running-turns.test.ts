import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import type { AssistantMessage, Thread } from '../../shared/threads';
import { newAssistantMessage } from '../../shared/turn-reducer';
import { RunningTurns } from './running-turns';
import { TurnPhases } from '../../core/turn/turn-phases';

const temp = useTempDirs('claude-desk-running-turns');

/** Threads whose every turn is still "running", as a crash leaves them; records what recovery saves. */
function crashedThreads() {
  const saved: AssistantMessage[] = [];
  const threads = {
    get: async (threadId: string) =>
      ({
        id: threadId,
        messages: [{ ...newAssistantMessage(`turn-of-${threadId}`, 1), status: 'running' }],
      }) as unknown as Thread, // only the messages are read
    saveAssistant: async (_threadId: string, message: AssistantMessage) => void saved.push(message),
  };
  return { threads, saved };
}

describe('RunningTurns.recover', () => {
  it('marks the turns of dead instances interrupted and drops markers it cannot use, whatever they hold', async () => {
    const dir = await temp.make();
    const write = (name: string, text: string) => fs.writeFile(path.join(dir, name), text);
    await write('a.json', JSON.stringify({ threadId: 'a', turnId: 'turn-of-a' })); // no pid: its process is gone
    await write('b.json', JSON.stringify({ threadId: 'b', turnId: 'turn-of-b', pid: 0 })); // would signal a group
    await write('c.json', JSON.stringify({ threadId: 'c', turnId: 'turn-of-c', pid: 'x' }));
    await write('torn.json', '{"threadId":"d","tu');
    await write('list.json', '[1,2]');
    await write('no-turn.json', JSON.stringify({ threadId: 'e' }));
    await write('live.json', JSON.stringify({ threadId: 'f', turnId: 'turn-of-f', pid: process.ppid }));
    const { threads, saved } = crashedThreads();

    const warnings: string[] = [];
    await expect(new RunningTurns(dir).recover(threads, (m) => warnings.push(m))).resolves.toBe(3);
    expect(saved.map((m) => [m.id, m.status, m.error?.kind]).sort()).toEqual([
      ['turn-of-a', 'failed', 'interrupted'],
      ['turn-of-b', 'failed', 'interrupted'],
      ['turn-of-c', 'failed', 'interrupted'],
    ]);
    // A marker whose process lives belongs to another window: left for it.
    expect(await fs.readdir(dir)).toEqual(['live.json']);
    expect(warnings).toEqual([]);
  });
});

describe('RunningTurns.started', () => {
  it("appends each turn's start and end to this instance's journal (0600), in a folder made again if removed", async () => {
    const dir = path.join(await temp.make(), 'running-turns');
    const turns = new RunningTurns(dir);
    await turns.started('t1', 'turn-1');
    await fs.rm(dir, { recursive: true });
    await turns.started('t1', 'turn-2');
    const [name] = await fs.readdir(dir);
    expect(name).toMatch(new RegExp(`^${process.pid}-[0-9a-f]+\\.jsonl$`));
    const journal = path.join(dir, name!);
    const lines = async () =>
      (await fs.readFile(journal, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
    expect(await lines()).toEqual([{ threadId: 't1', turnId: 'turn-2', pid: process.pid }]);
    if (process.platform !== 'win32') expect((await fs.stat(journal)).mode & 0o777).toBe(0o600);
    await turns.ended('turn-2');
    expect((await lines()).at(-1)).toEqual({ ended: 'turn-2' });
    // The journal is kept open between lines: one removed meanwhile (the folder stays) is written anew, not into
    // the removed file.
    await fs.rm(journal);
    await turns.started('t1', 'turn-3');
    expect(await lines()).toEqual([{ threadId: 't1', turnId: 'turn-3', pid: process.pid }]);
    turns.close();
    await turns.ended('turn-3'); // a line after close opens it again
    expect((await lines()).at(-1)).toEqual({ ended: 'turn-3' });

    // A clean shutdown with a turn still running keeps the journal for the next start; with none, removes it.
    await turns.started('t1', 'turn-4');
    turns.shutdown();
    expect((await lines()).at(-1)).toMatchObject({ turnId: 'turn-4' });
    await turns.ended('turn-4');
    await turns.ended('turn-1'); // the first turn, whose line went with the removed folder, ends too
    turns.shutdown();
    expect(await fs.readdir(dir)).toEqual([]);
    turns.shutdown(); // again, and with nothing ever written: no error
    new RunningTurns(dir).shutdown();
  });

  it('after a crash, the next start marks only the turns its journal started and did not end', async () => {
    const dir = path.join(await temp.make(), 'running-turns');
    const crashed = new RunningTurns(dir);
    await crashed.started('a', 'turn-of-a');
    await crashed.started('b', 'turn-of-b');
    await crashed.ended('turn-of-a');
    // The process died mid-write of its next line: the torn line is skipped.
    const [name] = await fs.readdir(dir);
    await fs.appendFile(path.join(dir, name!), '{"threadId":"c","tu');
    const { threads, saved } = crashedThreads();
    // Same pid (one test process), another instance: what a restart after the crash sees.
    await expect(new RunningTurns(dir).recover(threads, () => undefined)).resolves.toBe(1);
    expect(saved.map((m) => [m.id, m.error?.kind])).toEqual([['turn-of-b', 'interrupted']]);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it("leaves a live window's journal alone, and restarts its own once it is long and nothing runs", async () => {
    const dir = await temp.make();
    await fs.writeFile(
      path.join(dir, `${process.ppid}-aa.jsonl`),
      `${JSON.stringify({ threadId: 'f', turnId: 'turn-of-f', pid: process.ppid })}\n`,
    );
    const turns = new RunningTurns(dir);
    const { threads, saved } = crashedThreads();
    await expect(turns.recover(threads, () => undefined)).resolves.toBe(0);
    expect(saved).toEqual([]);
    for (let i = 0; i < 600; i++) {
      await turns.started('t', `turn-${i}`);
      await turns.ended(`turn-${i}`);
    }
    const mine = (await fs.readdir(dir)).filter((n) => n.startsWith(`${process.pid}-`));
    const size = mine.length ? (await fs.stat(path.join(dir, mine[0]!))).size : 0;
    expect(size).toBeLessThanOrEqual(64 * 1024);
    expect(await fs.readdir(dir)).toContain(`${process.ppid}-aa.jsonl`);
  });
});

describe('RunningTurns.follow', () => {
  it("journals a turn's start when it is queued and its end only once it is over, not at its finished", async () => {
    const dir = path.join(await temp.make(), 'running-turns');
    const turns = new RunningTurns(dir);
    const phases = new TurnPhases();
    const unfollow = turns.follow(phases);
    const lines = async () => {
      const [name] = await fs.readdir(dir);
      return (await fs.readFile(path.join(dir, name!), 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
    };
    phases.begin('t1', 'turn-1');
    expect(await lines()).toEqual([{ threadId: 't1', turnId: 'turn-1', pid: process.pid }]);
    phases.advance('turn-1', 'preparing');
    phases.advance('turn-1', 'running');
    phases.close('turn-1', 'stopped');
    expect(await lines()).toHaveLength(1); // closing: its last saves are not on disk yet
    phases.end('turn-1');
    expect((await lines()).at(-1)).toEqual({ ended: 'turn-1' });
    unfollow();
    phases.begin('t1', 'turn-2');
    expect(await lines()).toHaveLength(2);
    turns.shutdown();
  });
});

describe('RunningTurns.elsewhere', () => {
  it("lists the turns another live instance started and has not ended; a dead one's and its own are not", async () => {
    const dir = await temp.make();
    const write = (name: string, lines: object[]) =>
      fs.writeFile(path.join(dir, name), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    // The parent of this test process stands for a live window; pid 2147483646 for one that died.
    await write('live.jsonl', [
      { threadId: 'a', turnId: 'a1', pid: process.ppid },
      { threadId: 'b', turnId: 'b1', pid: process.ppid },
      { ended: 'b1' },
    ]);
    await write('dead.jsonl', [{ threadId: 'c', turnId: 'c1', pid: 2147483646 }]);
    const mine = new RunningTurns(dir);
    await mine.started('d', 'd1');
    expect(await mine.elsewhere()).toEqual([{ threadId: 'a', turnId: 'a1' }]);
    await mine.ended('d1');
    mine.close();
  });
});
