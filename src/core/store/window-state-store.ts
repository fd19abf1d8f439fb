import { windowStateSchema, type WindowState } from '../../shared/window-state';
import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';
import { realSchedule, type Schedule } from './snapshot-coalescer';

/**
 * `<stateDir>/window-state.json`: the last window's place (open thread, scroll, drafts, sidebar).
 * A draft changes on every keystroke, so writes are coalesced; `flush()` on quit writes the last one.
 * An unreadable or invalid file is moved aside and the window starts fresh: losing a place is cheap,
 * refusing to start is not.
 */
export class WindowStateStore {
  private state: WindowState;
  private cancel: (() => void) | undefined;
  private chain: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    initial: WindowState,
    private readonly deps: { schedule: Schedule; delayMs: number; warn: (message: string) => void },
  ) {
    this.state = initial;
  }

  static async open(opts: {
    file: string;
    schedule?: Schedule;
    delayMs?: number;
    onWarning?: (m: string) => void;
  }): Promise<WindowStateStore> {
    const warn = opts.onWarning ?? (() => {});
    const raw = await readJsonOrDefault(opts.file, {}, warn);
    const parsed = windowStateSchema.safeParse(raw);
    if (!parsed.success) warn(`Ignored the saved window state (${opts.file}): it did not match the expected shape.`);
    return new WindowStateStore(opts.file, parsed.success ? parsed.data : {}, {
      schedule: opts.schedule ?? realSchedule,
      delayMs: opts.delayMs ?? 300,
      warn,
    });
  }

  get(): WindowState {
    return structuredClone(this.state);
  }

  /** A patch: keys given replace the saved ones (a whole `drafts` map, not one draft). */
  save(patch: WindowState): void {
    this.state = { ...this.state, ...patch };
    if (this.cancel) return;
    this.cancel = this.deps.schedule(() => {
      this.cancel = undefined;
      void this.flush();
    }, this.deps.delayMs);
  }

  /** Forget a deleted thread's draft and place. */
  forgetThread(threadId: string): void {
    const { drafts = {}, scroll = {}, activeThreadId } = this.state;
    if (!(threadId in drafts) && !(threadId in scroll) && activeThreadId !== threadId) return;
    const { [threadId]: _d, ...keptDrafts } = drafts;
    const { [threadId]: _s, ...keptScroll } = scroll;
    this.save({
      drafts: keptDrafts,
      scroll: keptScroll,
      activeThreadId: activeThreadId === threadId ? null : activeThreadId,
    });
  }

  flush(): Promise<void> {
    this.cancel?.();
    this.cancel = undefined;
    const snapshot = this.get();
    const run = this.chain.then(() => writeJsonAtomic(this.file, snapshot));
    this.chain = run.catch((err: unknown) => this.deps.warn(`Could not save the window state: ${String(err)}`));
    return this.chain;
  }
}
