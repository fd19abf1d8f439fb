import { randomBytes } from 'node:crypto';
import fsSync, { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { processAlive } from '../process-group';

/** Who holds a thread: enough to tell a live holder from a dead one whose pid was reused. */
export interface LockOwner {
  pid: number;
  /** The process's start time as the OS keeps it (Linux: /proc/<pid>/stat), when known. */
  startTime?: string;
  /** Which front door: 'command-line', 'web' or 'electron' — for the sentence the other one shows. */
  host: string;
  /** When the lock file was written (epoch ms): a spare is written ahead, at the end of this instance's last turn. */
  at: number;
  /** This lock instance, so a takeover can tell a stale file from a fresh one put there meanwhile. */
  nonce: string;
}

/**
 * A lock file as read back: a pid and a nonce make it a lock (an owner this check cannot place is still an owner:
 * taking over a live holder's thread is the one thing a lock must not allow); the other fields only describe it.
 */
const lockOwnerSchema = z.object({
  pid: z.number(),
  nonce: z.string(),
  startTime: z.string().optional().catch(undefined),
  host: z.string().catch(''),
  at: z.number().catch(0),
}) satisfies z.ZodType<LockOwner>;

/** A lock file written ahead (`<pid>-<nonce>.spare`): a complete owner, linked into place as `<threadId>.lock`. */
const SPARE_SUFFIX = '.spare';

export type LockResult =
  | {
      ok: true;
      /** Another process ran the thread's last turn: what this one keeps of it (a warm CLI) is out of date. */
      otherRanLast: boolean;
      release(): Promise<void>;
    }
  | { ok: false; owner: LockOwner };

/** Linux keeps each process's start time (field 22 of /proc/<pid>/stat); elsewhere liveness is by pid only. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function alive(owner: LockOwner): boolean {
  if (!processAlive(owner.pid)) return false;
  // A live pid that started at another time is a new process that reused a dead holder's pid.
  const now = processStartTime(owner.pid);
  return owner.startTime === undefined || now === undefined || now === owner.startTime;
}

/**
 * One turn at a time per thread across processes: two windows, or the app and
 * `claude-desk chat`, on one data dir must never both `--resume` a thread's session (that forks it: the
 * model later lacks one of the exchanges). `<dir>/<threadId>.lock` holds its owner as JSON; it is made
 * complete and then linked into place, so it exists whole or not at all (link fails if it exists).
 * A lock whose owner is dead is taken over. `<threadId>.last` names the instance that ran the last turn.
 */
export class ThreadLocks {
  private readonly me: Omit<LockOwner, 'at' | 'nonce'>;
  private readonly instance = randomBytes(8).toString('hex');
  private dirMade: Promise<void> | undefined;
  /** `<threadId>.last` as this instance left it (inode, size, mtime): unchanged on disk means nobody ran since. */
  private readonly lastSeen = new Map<string, string>();
  /**
   * A lock file written ahead, at the end of a turn, for the next: taking a lock is then one link (creating the file
   * was ~0.2 ms of the next turn's first token). Not a thread's: an owner names no thread.
   */
  private spare: { tmp: string; owner: LockOwner } | undefined;
  private spareMaking: Promise<void> | undefined;
  private sparesSwept = false;
  /** File work left running after the call that started it returned (spares, leftover removals): see `settled`. */
  private readonly background = new Set<Promise<unknown>>();
  /** Shut down (close): no more spares are written. */
  private closed = false;

  constructor(
    private readonly dir: string,
    host: string,
  ) {
    this.me = { pid: process.pid, startTime: processStartTime(process.pid), host };
  }

  /**
   * For rewriting a thread's log (compaction), which must not race another process's appends: null when
   * another process holds the thread; a no-op release when this one does (its own queue orders the writes).
   * Does not count as running a turn.
   */
  async forRewrite(threadId: string): Promise<(() => Promise<void>) | null> {
    const held = await readOwner(this.file(threadId));
    if (held && held.pid === this.me.pid && held.startTime === this.me.startTime) return async () => {};
    const lock = await this.acquire(threadId, false);
    return lock.ok ? lock.release : null;
  }

  /** `turn`: the holder runs a turn (recorded as the thread's last); false for a log rewrite. */
  async acquire(threadId: string, turn = true): Promise<LockResult> {
    // Made once per run (a turn's first token waits on every file operation here); made again if
    // someone removed it meanwhile.
    this.dirMade ??= fs.mkdir(this.dir, { recursive: true, mode: 0o700 }).then(() => undefined);
    await this.dirMade.catch(() => (this.dirMade = undefined));
    if (!this.sparesSwept) {
      this.sparesSwept = true;
      this.inBackground(this.sweepSpares());
    }
    const file = this.file(threadId);
    const spare = this.spare;
    this.spare = undefined;
    const owner: LockOwner = spare?.owner ?? this.newOwner();
    for (let round = 0; round < 5; round++) {
      if (await this.place(file, owner, round === 0 ? spare?.tmp : undefined)) {
        return {
          ok: true,
          otherRanLast: await this.otherRanLast(threadId),
          release: () => this.release(threadId, owner, turn),
        };
      }
      const held = await readOwner(file);
      if (held && alive(held)) return { ok: false, owner: held };
      if (!held && (await youngerThan(file, 5_000))) continue; // being written by someone right now
      await this.takeOver(file, held);
    }
    const held = await readOwner(file);
    return { ok: false, owner: held ?? { pid: 0, host: 'unknown', at: Date.now(), nonce: '' } };
  }

  /**
   * Synchronous on purpose, like the stat in otherRanLast: a kept process's first token waits on the lock, and
   * through the thread pool its write, link and stat were five round trips (~2 ms on a busy 2-core machine); as
   * system calls on a ~100-byte file they take microseconds.
   */
  private async place(file: string, owner: LockOwner, spare?: string): Promise<boolean> {
    if (spare) {
      try {
        fsSync.linkSync(spare, file);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
        // The spare is gone (its folder removed): written afresh below.
      } finally {
        this.inBackground(fs.unlink(spare));
      }
    }
    const tmp = `${file}.${owner.nonce}.tmp`;
    try {
      fsSync.writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      // The folder was removed after it was made: make it again, once.
      fsSync.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      fsSync.writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
    }
    try {
      fsSync.linkSync(tmp, file);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    } finally {
      // Not awaited: a turn's first token waits on every file operation of its lock. A leftover is harmless.
      // (unlink, not rm: rm's option checks cost ~0.8 ms of this thread per call.)
      this.inBackground(fs.unlink(tmp));
    }
  }

  /** Whether another instance ran the thread's last turn: one stat when the file is still as this one wrote it. */
  private async otherRanLast(threadId: string): Promise<boolean> {
    const file = this.lastFile(threadId);
    const seen = this.lastSeen.get(threadId);
    if (seen !== undefined) {
      let st: fsSync.BigIntStats | undefined;
      try {
        st = fsSync.statSync(file, { bigint: true, throwIfNoEntry: false });
      } catch {
        // unreadable: read it below, as when it changed
      }
      if (st && stamp(st) === seen) return false;
    }
    const last = await fs.readFile(file, 'utf8').catch(() => undefined);
    return last !== undefined && last !== this.instance;
  }

  /** Move a dead owner's lock away; if what was moved turns out to be someone's fresh lock, put it back. */
  private async takeOver(file: string, stale: LockOwner | undefined): Promise<void> {
    const aside = `${file}.stale-${randomBytes(6).toString('hex')}`;
    try {
      await fs.rename(file, aside);
    } catch {
      return; // someone else took it over first
    }
    const moved = await readOwner(aside);
    if (moved && stale && moved.nonce !== stale.nonce) await fs.link(aside, file).catch(() => undefined);
    await fs.rm(aside, { force: true });
  }

  private async release(threadId: string, owner: LockOwner, turn: boolean): Promise<void> {
    if (turn) {
      const file = this.lastFile(threadId);
      this.lastSeen.delete(threadId);
      // A new file put in place (not the old one rewritten): each write has an inode of its own, made while the
      // one it replaces still existed, so another instance's write always changes the stamp.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      const written = await fs
        .writeFile(tmp, this.instance, { mode: 0o600 })
        .then(() => fs.rename(tmp, file))
        .then(
          () => true,
          // (Windows refuses the rename while another instance reads the file.) Written in place then, unremembered.
          () =>
            fs
              .rm(tmp, { force: true })
              .then(() => fs.writeFile(file, this.instance, { mode: 0o600 }))
              .then(
                () => false,
                () => false,
              ),
        );
      const st = written ? await fs.stat(file, { bigint: true }).catch(() => undefined) : undefined;
      if (st) this.lastSeen.set(threadId, stamp(st));
    }
    const held = await readOwner(this.file(threadId));
    if (held?.nonce === owner.nonce) await fs.rm(this.file(threadId), { force: true });
    if (turn) this.makeSpare();
  }

  private newOwner(): LockOwner {
    return { ...this.me, at: Date.now(), nonce: randomBytes(8).toString('hex') };
  }

  /** Write the next turn's lock file ahead (see `spare`); a failure only means the next turn writes its own. */
  private makeSpare(): void {
    if (this.spare || this.spareMaking || this.closed) return;
    const owner = this.newOwner();
    const tmp = path.join(this.dir, `${this.me.pid}-${owner.nonce}${SPARE_SUFFIX}`);
    this.spareMaking = fs
      .writeFile(tmp, JSON.stringify(owner), { mode: 0o600, flag: 'wx' })
      .then(
        () => {
          if (this.spare) this.inBackground(fs.unlink(tmp));
          else this.spare = { tmp, owner };
        },
        () => undefined,
      )
      .finally(() => (this.spareMaking = undefined));
    this.inBackground(this.spareMaking);
  }

  /**
   * Resolves once the file work this instance left running in the background is done (a spare written after a
   * release, a used spare or temp file removed), including work that work started. Before the folder is removed
   * (tests) or the process ends, so no file lands after its last look.
   */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /**
   * At shutdown: the background work done and this instance's spare removed (otherwise only the next instance's
   * sweep would remove it). Locks can still be taken after it, each written afresh.
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
    const spare = this.spare;
    this.spare = undefined;
    if (spare) await fs.unlink(spare.tmp).catch(() => undefined);
  }

  private inBackground(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined).finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }

  /** Spares of instances that are gone (it ended without taking its spare): removed once per run. */
  private async sweepSpares(): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith(SPARE_SUFFIX)) continue;
      const pid = Number(name.slice(0, name.indexOf('-')));
      if (pid === this.me.pid || (Number.isInteger(pid) && pid > 0 && processAlive(pid))) continue;
      await fs.unlink(path.join(this.dir, name)).catch(() => undefined);
    }
  }

  private file(threadId: string): string {
    return path.join(this.dir, `${threadId}.lock`);
  }

  private lastFile(threadId: string): string {
    return path.join(this.dir, `${threadId}.last`);
  }
}

/** What tells one write of `.last` from another: its inode (new on every write, see release), size and times. */
function stamp(st: { ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint }): string {
  return `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const parsed = lockOwnerSchema.safeParse(JSON.parse(await fs.readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function youngerThan(file: string, ms: number): Promise<boolean> {
  const st = await fs.stat(file).catch(() => undefined);
  return st !== undefined && Date.now() - st.mtimeMs < ms;
}

/** The front door that holds a lock, as a sentence names it. */
export function elsewhereName(host: string): string {
  // 'cli': what a command line wrote before the host was renamed, still holding a lock while this one starts.
  return host === 'command-line' || host === 'cli'
    ? 'the command line (claude-desk chat)'
    : host === 'web'
      ? 'another Claude Desk in a browser'
      : 'another Claude Desk window';
}

/** The sentence a front door shows when the thread is busy in another process. */
export function busyElsewhereMessage(owner: LockOwner): string {
  return `This thread is running a turn in ${elsewhereName(owner.host)}, process ${owner.pid}.`;
}
