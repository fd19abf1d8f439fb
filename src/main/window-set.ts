import { BrowserWindow } from 'electron';
import { randomBytes } from 'node:crypto';
import type { WindowStates } from '../core/store/window-states';
import { createMainWindow, type WindowPaths } from './window';

type States = Pick<WindowStates, 'windowsToOpen' | 'opened' | 'closed' | 'save'>;

/**
 * The app's windows, each with its own place (thread, panes) kept by its key: the ones open at the last quit open
 * again at start; "Open in new window" adds one; a window the user closes while others stay is forgotten, while the
 * last one (and every window at quit) is kept for the next start.
 */
export class WindowSet {
  private readonly windows = new Map<string, BrowserWindow>();
  private quitting = false;

  constructor(
    private readonly paths: WindowPaths,
    private readonly states: States,
    private readonly newKey: () => string = () => `w-${randomBytes(5).toString('hex')}`,
  ) {}

  /** At start (and when a Mac's dock icon is clicked with none open): the windows that were open. */
  restore(): void {
    for (const key of this.states.windowsToOpen()) this.show(key);
  }

  /** A new window showing `threadId` (null: an empty chat), in front. */
  async open(threadId: string | null): Promise<BrowserWindow> {
    const key = this.newKey();
    // Its place is written before its page asks for it: the page opens on the thread.
    await this.states.save(key, threadId ? { activeThreadId: threadId } : {});
    return this.show(key);
  }

  private show(key: string): BrowserWindow {
    const existing = this.windows.get(key);
    if (existing && !existing.isDestroyed()) {
      existing.focus();
      return existing;
    }
    const win = createMainWindow(this.paths, key);
    this.windows.set(key, win);
    void this.states.opened(key);
    win.on('closed', () => {
      this.windows.delete(key);
      // Quitting keeps every window for the next start; so does closing the last one (the app's one window).
      if (!this.quitting && this.windows.size > 0) void this.states.closed(key);
    });
    return win;
  }

  /** The app is quitting: the windows closing now open again at the next start. */
  quit(): void {
    this.quitting = true;
  }

  all(): BrowserWindow[] {
    return [...this.windows.values()].filter((w) => !w.isDestroyed());
  }

  /** Whether a call came from one of the app's own windows. */
  owns(webContentsId: number): boolean {
    return this.all().some((w) => w.webContents.id === webContentsId);
  }

  /** The window in front (a dialog's parent, a second launch's focus). */
  front(): BrowserWindow | undefined {
    return this.all().find((w) => w.isFocused()) ?? this.all()[0];
  }
}
