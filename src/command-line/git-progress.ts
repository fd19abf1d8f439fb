import { boundInWords as seconds } from '../shared/bound-words';
import { runningGit } from '../core/git/git-runner';
import { safeLine } from './chat-output';

/** Quiet git work says nothing; past this, the command line says what it waits for, and for how long. */
const SHOW_AFTER_MS = 2_000;
/** Not a terminal (a log, a script): a line now and then instead of one line rewritten each second. */
const LINE_EVERY_MS = 10_000;

/**
 * While git works longer than a moment (a worktree made, a commit, a merge — with the repository's hooks), one line
 * on stderr with the elapsed time, the hook it waits for, git's bound and how to stop: a hook that hangs is never
 * a silent wait. Returns the stop of the watch.
 */
export function showGitProgress(out: NodeJS.WriteStream = process.stderr, now = () => Date.now()): () => void {
  const tty = out.isTTY === true;
  let lastLine = 0;
  let showing = false;
  const tick = (): void => {
    const call = runningGit()
      .filter((c) => now() - c.startedAt >= SHOW_AFTER_MS)
      .at(0);
    if (!call) {
      if (showing && tty) out.write('\r\x1b[K');
      showing = false;
      return;
    }
    if (!tty && showing && now() - lastLine < LINE_EVERY_MS) return;
    const hook = call.hook();
    const what = hook ? `the ${hook.event} hook (${hook.command})` : `git ${call.args[0] ?? ''}`;
    const line = `Waiting for ${what}: ${seconds(now() - call.startedAt)} of at most ${seconds(call.boundMs)}; Ctrl-C stops it.`;
    out.write(tty ? `\r\x1b[K${safeLine(line)}` : `${safeLine(line)}\n`);
    showing = true;
    lastLine = now();
  };
  const timer = setInterval(tick, 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (showing && tty) out.write('\r\x1b[K');
  };
}
