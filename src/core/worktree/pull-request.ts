import type { LandOutcome } from '../../shared/worktree-changes';
import { type RunToEnd, runToEnd } from '../process-runner';
import { gitEnv, type Git, firstLine, gitOk, runGit } from '../git/git-runner';
import { type Worktree, explainGit, keepAsBranch, refuse } from './land';
import { pushRemote } from './pull-request-readiness';

/**
 * Open a pull request for a worktree thread's branch with GitHub's CLI (`gh`), when it is installed and logged in.
 * The branch is committed and pushed first. gh keeps its own login: no token passes through Claude Desk. The panel
 * offers it only when pullRequestReadiness says it can work; these checks stay for the command line and for what
 * changed since.
 */
export async function createPullRequest(
  wt: Worktree,
  message: string,
  deps: { git?: Git; run?: RunToEnd } = {},
): Promise<LandOutcome> {
  const git = deps.git ?? runGit;
  const run = deps.run ?? runToEnd;
  const gh = (args: string[]) => run('gh', args, { cwd: wt.path, env: gitEnv(), timeoutMs: 120_000 });
  const version = await gh(['--version']);
  if (version.spawnError !== undefined || version.exitCode !== 0)
    return refuse(
      'pullRequest',
      'missing-tool',
      'GitHub’s command line (gh) is not installed: install it from https://cli.github.com, run gh auth login, and try again.',
    );
  const auth = await gh(['auth', 'status']);
  if (auth.exitCode !== 0)
    return refuse('pullRequest', 'missing-tool', 'gh is not logged in to GitHub: run gh auth login, then try again.');
  let committed: string | undefined;
  // What a failure after the commit says first: the commit is there, on the branch.
  const soFar = () =>
    committed ? ` Your work was committed on ${wt.branch} (${committed.slice(0, 7)}); nothing was pushed.` : '';
  try {
    const remote = await pushRemote(git, wt.path);
    if (remote === undefined)
      return refuse(
        'pullRequest',
        'failed',
        'This repository has no remote to push to: add one (git remote add origin …).',
      );
    const kept = await keepAsBranch(wt, message, git);
    if (!kept.ok) return { ...kept, action: 'pullRequest' };
    committed = kept.commit;
    await gitOk(git, wt.path, ['push', '-u', remote, `${wt.branch}:${wt.branch}`]);
    committed = undefined; // pushed: from here on the branch is on the remote too
    const [title = wt.branch, ...body] = message.trim().split('\n');
    const pr = await gh([
      'pr',
      'create',
      '--base',
      wt.base,
      '--head',
      wt.branch,
      '--title',
      title,
      '--body',
      body.join('\n').trim(),
    ]);
    if (pr.exitCode !== 0)
      return refuse(
        'pullRequest',
        'failed',
        `gh could not open the pull request (${firstLine(pr.stderr.toString('utf8'))}); ${wt.branch} was committed and pushed.`,
      );
    const url = pr.stdout.toString('utf8').trim().split('\n').pop() ?? '';
    return { ok: true, action: 'pullRequest', message: `Opened a pull request for ${wt.branch}.`, url };
  } catch (err) {
    return refuse('pullRequest', 'failed', `${explainGit(err, 'push the branch', wt)}${soFar()}`);
  }
}
