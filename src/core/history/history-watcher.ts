/**
 * Keeps the history index live while the CLI writes: chokidar (pure JS, no native addon — Electron's ABI
 * differs from Node's) watches `<projects>/<slug>/*.jsonl`; each changed file is re-read (appended bytes
 * only) after a short quiet time, so a streaming turn costs one small read per burst, not one per line.
 * A slow full rescan backs it up (a folder created after start, a missed event on a network drive).
 */
import { watch, type FSWatcher } from 'chokidar';
import type { HistoryIndex } from './history-index';

export interface HistoryWatcherOptions {
  debounceMs?: number;
  rescanMs?: number;
  onError?: (message: string) => void;
}

export class HistoryWatcher {
  private watcher: FSWatcher | undefined;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private rescan: NodeJS.Timeout | undefined;

  constructor(
    private readonly index: Pick<HistoryIndex, 'refreshFile' | 'refreshAll' | 'projectsDir'>,
    private readonly opts: HistoryWatcherOptions = {},
  ) {}

  /** Resolves once the watcher is ready (its initial walk done). */
  async start(): Promise<void> {
    const w = watch(this.index.projectsDir, {
      ignoreInitial: true,
      depth: 1,
      // Only transcripts; memory/ folders and anything else are none of the History's business.
      ignored: (p, stats) => !!stats?.isFile() && !p.endsWith('.jsonl'),
    });
    this.watcher = w;
    const changed = (file: string): void => this.soon(file);
    w.on('add', changed).on('change', changed).on('unlink', changed);
    w.on('error', (err) => this.opts.onError?.(`Watching Claude Code's sessions failed: ${String(err)}`));
    await new Promise<void>((resolve) => w.once('ready', () => resolve()));
    const every = this.opts.rescanMs ?? 60_000;
    this.rescan = setInterval(() => void this.index.refreshAll().catch(() => undefined), every);
    this.rescan.unref?.();
  }

  async close(): Promise<void> {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    if (this.rescan) clearInterval(this.rescan);
    await this.watcher?.close();
    this.watcher = undefined;
  }

  private soon(file: string): void {
    if (!file.endsWith('.jsonl')) return;
    const pending = this.timers.get(file);
    if (pending) clearTimeout(pending);
    const timer = setTimeout(() => {
      this.timers.delete(file);
      this.index.refreshFile(file).catch((err: unknown) => this.opts.onError?.(String(err)));
    }, this.opts.debounceMs ?? 150);
    timer.unref?.();
    this.timers.set(file, timer);
  }
}
