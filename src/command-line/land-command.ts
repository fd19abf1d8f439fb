import { createDeskApp } from '../app/desk-app';
import { callHandler } from '../app/dispatch-call';
import { threadNamed } from './thread-named';
import type { LandAction } from '../shared/worktree-changes';
import { safeLine } from './chat-output';
import { showGitProgress } from './git-progress';
import { stopRunningGit } from '../core/git/git-runner';

const USAGE = 'claude-desk land --thread <name> --merge | --keep | --discard [--force] [--message <text>]';

/**
 * `claude-desk land --thread <name> --merge | --keep | --discard [--force]`: land a worktree thread's work through
 * the same handler as the Changes panel, with the same refusals (a conflict, a merge or rebase stopped half way and
 * conflict markers list their files, a dirty checkout of the base blocks the merge, discard keeps uncommitted or
 * unmerged work, and stops while a Claude Code session works in the worktree, unless --force). A merge or keep
 * archives the worktree (folder removed, branch kept). Exit 0 when done, 1 otherwise.
 */
export async function landCommand(flags: Record<string, string | boolean>): Promise<number> {
  const name = typeof flags.thread === 'string' ? flags.thread : undefined;
  const chosen = (['merge', 'keep', 'discard'] as const).filter((a) => flags[a] === true);
  if (!name || chosen.length !== 1) {
    process.stderr.write(`${!name ? 'Say which thread' : 'Choose one of --merge, --keep or --discard'}: ${USAGE}\n`);
    return 1;
  }
  if (flags.force && chosen[0] !== 'discard') {
    process.stderr.write(
      '--force only applies to --discard (it deletes uncommitted and unmerged work, even under a running session).\n',
    );
    return 1;
  }
  const action: LandAction = chosen[0]!;
  const desk = await createDeskApp({ host: 'command-line' });
  // git and its hooks lead a process group of their own, out of the terminal's reach: Ctrl-C ends them here, at once.
  const interrupt = (): void => {
    process.stderr.write('\nStopping git…\n');
    stopRunningGit();
  };
  process.on('SIGINT', interrupt);
  const stopShowing = showGitProgress();
  try {
    const summary = await threadNamed(desk.handlers, name);
    if (!summary) return 1;
    const out = await callHandler(desk.handlers, 'landThread', {
      threadId: summary.id,
      action,
      ...(typeof flags.message === 'string' ? { message: flags.message } : {}),
      // --force: the loss of uncommitted work and a session still working in the worktree, both confirmed.
      ...(flags.force ? { force: true, despiteSessions: true } : {}),
    });
    if (out.ok) {
      process.stdout.write(`${safeLine(out.message)}${out.url ? `\n${safeLine(out.url)}` : ''}\n`);
      return 0;
    }
    process.stderr.write(`${safeLine(out.message)}\n`);
    // A conflict's files, one a line, so a script can read them.
    if (out.reason === 'conflict' || out.reason === 'needs-confirmation' || out.reason === 'unfinished')
      for (const file of out.files ?? []) process.stderr.write(`  ${safeLine(file)}\n`);
    if (out.reason === 'live-session')
      for (const session of out.sessions ?? []) process.stderr.write(`  ${safeLine(session)}\n`);
    if (out.reason === 'needs-confirmation' || out.reason === 'live-session')
      process.stderr.write('Add --force to discard anyway.\n');
    return 1;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    stopShowing();
    process.off('SIGINT', interrupt);
    await desk.shutdown();
  }
}
