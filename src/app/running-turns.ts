import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import type { AssistantMessage } from '../shared/threads';
import { applyTurnEvent } from '../shared/turn-reducer';
import { isFinalStatus } from '../shared/turn-reducer';
import type { ThreadsStore } from '../core/store/threads-store';
import { processAlive as alive } from '../core/process-group';

/** A marker as this version writes it. A pid that is not a process id counts as none: its process is gone (0 or
 * less would signal a whole process group, and so always look alive). */
const markerSchema = z.object({
  threadId: z.string(),
  turnId: z.string(),
  pid: z.number().int().positive().optional().catch(undefined),
});

/**
 * A marker per running turn, `<stateDir>/running-turns/<turnId>.json` = {threadId, turnId, pid}, written
 * when the turn starts and removed when it ends. After a crash (or SIGKILL, or power loss) the marker
 * outlives its process: the next start marks that turn interrupted — with Retry — instead of showing
 * it "running" forever. A marker whose pid is alive belongs to another window and is left alone.
 */
export class RunningTurns {
  private dirMade = false;

  constructor(private readonly dir: string) {}

  async started(threadId: string, turnId: string): Promise<void> {
    const write = () =>
      fs.writeFile(this.file(turnId), JSON.stringify({ threadId, turnId, pid: process.pid }), { mode: 0o600 });
    // The folder is made once per run (each turn's first token waits on this write), again if it was removed.
    if (this.dirMade) {
      try {
        return await write();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    this.dirMade = true;
    await write();
  }

  async ended(turnId: string): Promise<void> {
    await fs.rm(this.file(turnId), { force: true });
  }

  /** Mark the turns of dead instances interrupted; returns how many were. */
  async recover(threads: Pick<ThreadsStore, 'get' | 'saveAssistant'>, warn: (m: string) => void): Promise<number> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    let recovered = 0;
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const file = path.join(this.dir, name);
      const marker = markerSchema.safeParse(await readJson(file));
      if (!marker.success) {
        await fs.rm(file, { force: true }); // unreadable or not a marker: nothing to recover from it
        continue;
      }
      const { threadId, turnId, pid } = marker.data;
      if (pid !== undefined && pid !== process.pid && alive(pid)) continue;
      try {
        const thread = await threads.get(threadId);
        const message = thread?.messages.find((m): m is AssistantMessage => m.role === 'assistant' && m.id === turnId);
        if (message && !isFinalStatus(message.status)) {
          const base = { threadId, turnId };
          let next = applyTurnEvent(message, {
            ...base,
            type: 'error',
            error: {
              kind: 'interrupted',
              message: 'Claude Desk closed while this turn was running.',
              hint: 'Press Retry to send the message again.',
            },
          });
          next = applyTurnEvent(next, { ...base, type: 'finished', status: 'failed' });
          await threads.saveAssistant(threadId, next);
          recovered++;
        }
      } catch (err) {
        warn(`Could not mark an interrupted turn of thread ${threadId}: ${String(err)}`);
      }
      await fs.rm(file, { force: true });
    }
    return recovered;
  }

  private file(turnId: string): string {
    return path.join(this.dir, `${turnId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
  }
}

/** The file's JSON, or undefined when it cannot be read or parsed. */
async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}
