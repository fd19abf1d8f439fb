import fs from 'node:fs/promises';
import * as z from 'zod';
import { writeJsonAtomic } from './atomic-write';

/** A thread whose last turn failed: kept on disk until it is retried or dismissed. */
export interface FailedTurn {
  /** When it failed (ms since the epoch). */
  at: number;
  /** What it was doing then (the board's activity line). */
  activity: string;
}

const fileSchema = z.record(z.string(), z.object({ at: z.number(), activity: z.string().catch('') }));

/**
 * The threads whose last turn failed, in one small file of the data dir (`failed-turns.json`): the failed state goes
 * with the thread, not with the process that ran the turn, so `claude-desk agents` started afterwards, a window after
 * a restart and browser mode all show it until the thread is retried or the failure dismissed. Written atomically;
 * the writes of this process one after another.
 */
export class FailedTurnsStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  async all(): Promise<Record<string, FailedTurn>> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch {
      return {};
    }
    try {
      return fileSchema.parse(JSON.parse(text));
    } catch {
      this.warn(`${this.file} could not be read; failed turns start afresh`);
      return {};
    }
  }

  set(threadId: string, failed: FailedTurn): Promise<void> {
    return this.change((all) => ({ ...all, [threadId]: failed }));
  }

  /** Retried or dismissed; true when it was there. */
  async clear(threadId: string): Promise<boolean> {
    let had = false;
    await this.change((all) => {
      had = threadId in all;
      if (!had) return undefined;
      const { [threadId]: _gone, ...rest } = all;
      return rest;
    });
    return had;
  }

  private change(edit: (all: Record<string, FailedTurn>) => Record<string, FailedTurn> | undefined): Promise<void> {
    const next = this.queue.then(async () => {
      const edited = edit(await this.all());
      if (edited) await writeJsonAtomic(this.file, edited);
    });
    this.queue = next.catch((err: unknown) => this.warn(`saving failed turns: ${String(err)}`));
    return next;
  }
}
