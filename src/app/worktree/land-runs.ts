import fs from 'node:fs';
import type { LandAction, LandProgress } from '../../shared/worktree-changes';
import type { ThreadWorktree } from '../../shared/worktree';
import type { GitHook } from '../../core/git/git-hook-trace';
import { type Git, gitBoundMs } from '../../core/git/git-runner';

interface Watched {
  args: readonly string[];
  startedAt: number;
  boundMs: number;
  hook(): GitHook | undefined;
}

interface Run {
  stopper: AbortController;
  calls: Set<Watched>;
  /** What git waited for when Stop was pressed (the sentence names it). */
  stoppedAt?: string;
}

/** The refs a stopped land may have moved, read before it and after: its sentence says what is true. */
export interface RefsBefore {
  base: string;
  branch: string;
}

/**
 * The git work of each thread's land or bring while it runs: what it waits for (the hook, by the trace git writes)
 * and since when, for the panel's poll; and Stop, which ends git and its hooks at once (their process group).
 */
export class LandRuns {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly git: Git,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** A Git for one land of the thread: every call of it is watched, and ended by stop(). */
  begin(threadId: string): Git {
    const run: Run = { stopper: new AbortController(), calls: new Set() };
    this.runs.set(threadId, run);
    return async (args, opts) => {
      let watched: Watched = { args, startedAt: this.now(), boundMs: gitBoundMs(args), hook: () => undefined };
      run.calls.add(watched);
      const signal = opts.signal ? AbortSignal.any([opts.signal, run.stopper.signal]) : run.stopper.signal;
      try {
        return await this.git(args, {
          ...opts,
          signal,
          onRunning: (call) => {
            run.calls.delete(watched);
            watched = call;
            run.calls.add(watched);
            opts.onRunning?.(call);
          },
        });
      } finally {
        run.calls.delete(watched);
      }
    };
  }

  end(threadId: string): void {
    this.runs.delete(threadId);
  }

  /** What the thread's land waits for now; null when none runs (or it is between two git calls). */
  progress(threadId: string): LandProgress | null {
    const run = this.runs.get(threadId);
    if (!run) return null;
    const calls = [...run.calls];
    const call = calls.find((c) => c.hook()) ?? calls[0];
    if (!call) return null;
    const hook = call.hook();
    return {
      waitingFor: waitingFor(call),
      ...(hook ? { hook: { event: hook.event, command: hook.command } } : {}),
      elapsedMs: Math.max(0, this.now() - call.startedAt),
      boundMs: call.boundMs,
    };
  }

  /** Stop: git and its hooks end now. False when no land of the thread runs. */
  stop(threadId: string): boolean {
    const run = this.runs.get(threadId);
    if (!run) return false;
    const calls = [...run.calls];
    const call = calls.find((c) => c.hook()) ?? calls[0];
    run.stoppedAt ??= call ? waitingFor(call) : 'git';
    run.stopper.abort();
    return true;
  }

  /** What Stop ended (the hook or the git command), when the thread's run was stopped. */
  stopped(threadId: string): string | undefined {
    return this.runs.get(threadId)?.stoppedAt;
  }

  /** The base's and the branch's commits now ('' when gone), read with git that no Stop ends. */
  async refs(wt: Pick<ThreadWorktree, 'repo' | 'base' | 'branch'>): Promise<RefsBefore> {
    const sha = async (branch: string) => {
      const r = await this.git(['rev-parse', '--verify', '-q', `refs/heads/${branch}`], { cwd: wt.repo }).catch(
        () => undefined,
      );
      return r?.code === 0 ? r.stdout.trim() : '';
    };
    return { base: await sha(wt.base), branch: await sha(wt.branch) };
  }

  /**
   * The one sentence after a Stop: what was ended, what git had done by then (read from the refs, not assumed), and
   * that the worktree is as git left it.
   */
  async stoppedSentence(
    stoppedAt: string,
    action: LandAction | 'bring',
    wt: Pick<ThreadWorktree, 'repo' | 'base' | 'branch' | 'path'>,
    before: RefsBefore,
  ): Promise<string> {
    const after = await this.refs(wt);
    const facts: string[] = [];
    if (action === 'discard') {
      facts.push(fs.existsSync(wt.path) ? 'the worktree folder is still there' : 'the worktree folder was removed');
      facts.push(after.branch ? `the branch ${wt.branch} stays` : `the branch ${wt.branch} was deleted`);
    } else {
      facts.push(
        after.branch === before.branch
          ? `nothing was committed on ${wt.branch}`
          : `${wt.branch} has a new commit (${after.branch.slice(0, 7)})`,
      );
      facts.push(
        after.base === before.base
          ? `${wt.base} was not changed`
          : `${wt.base} had already moved to ${after.base.slice(0, 7)}`,
      );
    }
    const again =
      action === 'bring'
        ? `bring ${wt.base} in`
        : action === 'pullRequest'
          ? 'open the pull request'
          : action === 'keep'
            ? 'keep the branch'
            : action;
    return `Stopped ${stoppedAt} as asked: ${facts.join(' and ')}, and the worktree is as git left it — ${again} again when ready.`;
  }
}

const waitingFor = (call: Watched): string => {
  const hook = call.hook();
  return hook ? `the ${hook.event} hook (${hook.command})` : `git ${call.args[0] ?? ''}`.trim();
};
