import fs from 'node:fs';

export interface ThreadsDirWatcherDeps {
  /** fs.watch, or a test's stand-in. */
  watch?: (dir: string, listener: (event: string, name: string | null) => void) => { close(): void };
  /** Quiet time before the changed logs are handed on (a streaming turn appends every ~250 ms). */
  settleMs?: number;
  /** The ids of the thread logs that changed, or undefined when the OS did not say which (look at all). */
  onChange: (ids: string[] | undefined) => void;
  log?: (message: string) => void;
}

const LOG_NAME = /^([A-Za-z0-9_-]{1,128})\.jsonl$/;

/**
 * Watches the threads folder so a window sees what another Claude Desk process on the same data dir did — a thread
 * created, renamed, answered in or deleted by a second window, browser mode or `claude-desk chat` —
 * without a reload. Changes are gathered for `settleMs` and handed on at once; this process's own writes come too
 * (ThreadsStore.syncFromDisk finds nothing new in them). Returns a function that stops watching.
 */
export function watchThreadsDir(dir: string, deps: ThreadsDirWatcherDeps): () => void {
  const watch = deps.watch ?? ((d, listener) => fs.watch(d, { persistent: false }, listener));
  const settleMs = deps.settleMs ?? 300;
  let pending = new Set<string>();
  let unknown = false;
  let timer: NodeJS.Timeout | undefined;
  const fire = (): void => {
    timer = undefined;
    const ids = unknown ? undefined : [...pending];
    pending = new Set();
    unknown = false;
    deps.onChange(ids);
  };
  let watcher: { close(): void } | undefined;
  try {
    watcher = watch(dir, (_event, name) => {
      if (name === null) unknown = true;
      else {
        const m = LOG_NAME.exec(name);
        if (!m) return; // index.json, temp files, stored tool results
        pending.add(m[1] as string);
      }
      timer ??= setTimeout(fire, settleMs);
    });
    (watcher as Partial<fs.FSWatcher>).on?.('error', (err: Error) =>
      deps.log?.(`watching the threads folder stopped: ${err.message}`),
    );
  } catch (err) {
    // Without a watcher the list still catches up whenever it is fetched (ThreadsStore.list adopts new logs).
    deps.log?.(`cannot watch the threads folder (${(err as Error).message}): other windows' changes show on reload`);
  }
  return () => {
    if (timer) clearTimeout(timer);
    watcher?.close();
  };
}
