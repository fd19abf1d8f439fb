import fs from 'node:fs';

/** A repository hook git runs: its event (`pre-commit`) and its command (`.git/hooks/pre-commit`). */
export interface GitHook {
  event: string;
  command: string;
}

/**
 * The hook running now, read from git's trace2 event file (GIT_TRACE2_EVENT, git ≥ 2.22): a `child_start` of class
 * `hook` with no `child_exit` yet. Works for `.git/hooks`, `core.hooksPath` and every platform alike, where a
 * process listing would not.
 */
export function hookRunning(traceFile: string): GitHook | undefined {
  let text: string;
  try {
    text = fs.readFileSync(traceFile, 'utf8');
  } catch {
    return undefined;
  }
  const open = new Map<string, GitHook>();
  for (const line of text.split('\n')) {
    if (!line.includes('"child_')) continue;
    let e: { event?: unknown; sid?: unknown; child_id?: unknown; hook_name?: unknown; argv?: unknown };
    try {
      e = JSON.parse(line) as typeof e;
    } catch {
      continue; // a line still being written
    }
    const key = `${String(e.sid)}/${String(e.child_id)}`;
    if (e.event === 'child_start' && typeof e.hook_name === 'string') {
      const argv = Array.isArray(e.argv) ? e.argv.map(String) : [];
      open.set(key, { event: e.hook_name, command: argv[0] ?? e.hook_name }); // its arguments are git's, not the user's
    } else if (e.event === 'child_exit') open.delete(key);
  }
  return [...open.values()].at(-1);
}
