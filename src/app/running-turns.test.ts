import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test/fixtures/temp-dirs';
import type { AssistantMessage, Thread } from '../shared/threads';
import { newAssistantMessage } from '../shared/turn-reducer';
import { RunningTurns } from './running-turns';

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
  it('writes a marker per turn (0600), into a folder made again if someone removed it', async () => {
    const dir = path.join(await temp.make(), 'running-turns');
    const turns = new RunningTurns(dir);
    await turns.started('t1', 'turn-1');
    await fs.rm(dir, { recursive: true });
    await turns.started('t1', 'turn-2');
    const marker = path.join(dir, 'turn-2.json');
    expect(JSON.parse(await fs.readFile(marker, 'utf8'))).toEqual({
      threadId: 't1',
      turnId: 'turn-2',
      pid: process.pid,
    });
    if (process.platform !== 'win32') expect((await fs.stat(marker)).mode & 0o777).toBe(0o600);
    await turns.ended('turn-2');
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
