import type { PullRequestReadiness } from '../../shared/worktree-changes';
import { type RunToEnd, runToEnd } from '../process-runner';
import { type Git, gitEnv, runGit } from '../git/git-runner';

/** `gh auth status` asks GitHub whether the token still works; past this it is taken as not known. */
export const GH_AUTH_TIMEOUT_MS = 10_000;

/** The remote a pull request's branch is pushed to: `origin` when there is one, else the first. */
export async function pushRemote(git: Git, dir: string): Promise<string | undefined> {
  const r = await git(['remote'], { cwd: dir });
  const remotes = r.code === 0 ? r.stdout.split('\n').filter(Boolean) : [];
  return remotes.includes('origin') ? 'origin' : remotes[0];
}

/**
 * The host of a remote's address (`git@github.com:o/r.git`, `ssh://git@host:22/o/r`, `https://host/o/r`), for
 * `gh auth status --hostname`; undefined for a folder or `file://` remote (gh then answers for every host it knows).
 */
export function remoteHost(url: string): string | undefined {
  const u = url.trim();
  const scp = /^[^/@:]+@([^/:]+):/.exec(u); // scp-like: user@host:path
  if (scp) return scp[1];
  const full = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:]+)/i.exec(u);
  return full && !u.toLowerCase().startsWith('file:') ? full[1] : undefined;
}

/**
 * Whether Create pull request can work for a repository, asked before the button is offered: a remote to push to,
 * GitHub's `gh` on PATH, and gh logged in for the remote's host. Three cheap processes (the remote's two git calls
 * and `gh --version` at once, then `gh auth status`); gh keeps its own login, and its token is never read here.
 */
export async function pullRequestReadiness(
  dir: string,
  deps: { git?: Git; run?: RunToEnd } = {},
): Promise<PullRequestReadiness> {
  const git = deps.git ?? runGit;
  const run = deps.run ?? runToEnd;
  // No prompt: gh must answer, never wait for a keypress nobody sees.
  const env = gitEnv({ GH_PROMPT_DISABLED: '1', NO_COLOR: '1' });
  const gh = (args: string[], timeoutMs = 10_000) => run('gh', args, { cwd: dir, env, timeoutMs });
  const [remote, version] = await Promise.all([pushRemote(git, dir), gh(['--version'])]);
  if (version.spawnError !== undefined || version.exitCode !== 0)
    return {
      ready: false,
      missing: 'gh',
      message:
        'Install GitHub’s gh command line (cli.github.com) to open pull requests from here, then reopen Changes.',
    };
  if (remote === undefined)
    return {
      ready: false,
      missing: 'remote',
      message:
        'This repository has no remote to push to: add one (git remote add origin <address>), then reopen Changes.',
    };
  const url = await git(['remote', 'get-url', remote], { cwd: dir });
  const host = url.code === 0 ? remoteHost(url.stdout) : undefined;
  const auth = await gh(['auth', 'status', ...(host ? ['--hostname', host] : [])], GH_AUTH_TIMEOUT_MS);
  if (auth.timedOut)
    return {
      ready: false,
      missing: 'unknown',
      message: `gh did not say within ${GH_AUTH_TIMEOUT_MS / 1000} s whether it is logged in${host ? ` to ${host}` : ''}: check the network, then reopen Changes.`,
    };
  if (auth.exitCode !== 0)
    return {
      ready: false,
      missing: 'login',
      message: `gh is not logged in${host ? ` to ${host}` : ''}: run gh auth login in a terminal, then reopen Changes.`,
    };
  return { ready: true, remote };
}
