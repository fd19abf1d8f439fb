import fs from 'node:fs/promises';
import path from 'node:path';
import { MAIN_WINDOW, windowKeySchema, type WindowState } from '../../shared/window-state';
import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';
import type { Schedule } from './snapshot-coalescer';
import { WindowStateStore } from './window-state-store';

export interface WindowStatesOptions {
  /** The first window's file (the one file of every version before several windows). */
  mainFile: string;
  /** The other windows' files, one per window (`<key>.json`), and the list of the windows open (`open.json`). */
  dir: string;
  schedule?: Schedule;
  delayMs?: number;
  onWarning?: (m: string) => void;
}

/**
 * Each desktop window's own place (its thread, panes, drafts, sidebar), one file per window, and which windows were
 * open when the app last quit, so the next start opens each again where it was. A window the user closes while
 * others stay is forgotten (its file removed); the last one is kept, as a single window always was.
 */
export class WindowStates {
  private readonly stores = new Map<string, Promise<WindowStateStore>>();
  private open: string[] = [];
  /** Windows closed for good: a last save from their page, arriving after, writes no file again. */
  private readonly gone = new Set<string>();
  private chain: Promise<void> = Promise.resolve();

  private constructor(private readonly opts: WindowStatesOptions) {}

  static async open(opts: WindowStatesOptions): Promise<WindowStates> {
    const states = new WindowStates(opts);
    const raw = await readJsonOrDefault(states.listFile, { open: [] }, opts.onWarning ?? (() => {}));
    const listed = (raw as { open?: unknown }).open;
    const keys = Array.isArray(listed) ? listed.filter((k) => windowKeySchema.safeParse(k).success) : [];
    states.open = [...new Set(keys as string[])];
    return states;
  }

  private get listFile(): string {
    return path.join(this.opts.dir, 'open.json');
  }

  private fileOf(key: string): string {
    // The key is checked again here: a file name is built from it.
    const valid = windowKeySchema.parse(key);
    return valid === MAIN_WINDOW ? this.opts.mainFile : path.join(this.opts.dir, `${valid}.json`);
  }

  private storeOf(key: string): Promise<WindowStateStore> {
    let store = this.stores.get(key);
    if (!store) {
      store = WindowStateStore.open({
        file: this.fileOf(key),
        schedule: this.opts.schedule,
        delayMs: this.opts.delayMs,
        onWarning: this.opts.onWarning,
      });
      this.stores.set(key, store);
    }
    return store;
  }

  /** The windows to open at start, in the order they were opened; the first window when none was saved. */
  windowsToOpen(): string[] {
    return this.open.length > 0 ? [...this.open] : [MAIN_WINDOW];
  }

  async get(key: string = MAIN_WINDOW): Promise<WindowState> {
    return (await this.storeOf(key)).get();
  }

  async save(key: string, patch: WindowState): Promise<void> {
    if (this.gone.has(key)) return;
    (await this.storeOf(key)).save(patch);
  }

  /** A window is on screen: it is opened again at the next start. */
  async opened(key: string): Promise<void> {
    windowKeySchema.parse(key);
    this.gone.delete(key);
    if (this.open.includes(key)) return;
    this.open = [...this.open, key];
    await this.writeList();
  }

  /**
   * The user closed a window while others stay open: it is not opened again and its place is removed. The main
   * window's file is kept (it is where a new first window starts).
   */
  async closed(key: string): Promise<void> {
    this.open = this.open.filter((k) => k !== key);
    await this.writeList();
    const store = this.stores.get(key);
    this.stores.delete(key);
    if (key === MAIN_WINDOW) return;
    this.gone.add(key);
    await (await store)?.flush();
    await fs.rm(this.fileOf(key), { force: true });
  }

  /** Forget a deleted thread's draft and place in every window open. */
  async forgetThread(threadId: string): Promise<void> {
    for (const store of this.stores.values()) (await store).forgetThread(threadId);
  }

  private writeList(): Promise<void> {
    const open = [...this.open];
    this.chain = this.chain
      .then(() => writeJsonAtomic(this.listFile, { open }))
      .catch((err: unknown) => this.opts.onWarning?.(`Could not save which windows are open: ${String(err)}`));
    return this.chain;
  }

  async flush(): Promise<void> {
    await Promise.all([...this.stores.values()].map(async (s) => (await s).flush()));
    await this.chain;
  }
}
