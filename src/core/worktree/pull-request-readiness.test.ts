import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { addWorktree, git, makeRepo } from '../../../test/fixtures/scratch-worktrees';
import { standInGh } from '../../../test/fixtures/stand-in-gh';
import { type RunToEnd, runToEnd } from '../process-runner';
import { pullRequestReadiness, remoteHost } from './pull-request-readiness';

const temp = useTempDirs('pr-ready');

/** The process runner with only the stand-in's folder and the system's on PATH (this machine has no real gh). */
const onPath =
  (dir: string): RunToEnd =>
  (file, args, opts) =>
    runToEnd(file, args, { ...opts, env: { ...opts?.env, PATH: `${dir}:/usr/bin:/bin` } });

describe('whether Create pull request can work', () => {
  it('says what is missing, in the order a user fixes it: gh, a remote, the login; then ready', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    const gh = standInGh(await temp.make(), { loggedIn: false });
    const run = onPath(gh.dir);

    gh.install(false);
    expect(await pullRequestReadiness(wt.path, { run })).toMatchObject({
      ready: false,
      missing: 'gh',
      message: expect.stringMatching(/^Install GitHub’s gh command line .* to open pull requests from here/),
    });
    gh.install(true);
    expect(await pullRequestReadiness(wt.path, { run })).toMatchObject({
      ready: false,
      missing: 'remote',
      message: expect.stringMatching(/^This repository has no remote to push to/),
    });
    git(repo, 'remote', 'add', 'origin', 'git@github.com:ada/project.git');
    expect(await pullRequestReadiness(wt.path, { run })).toMatchObject({
      ready: false,
      missing: 'login',
      message: expect.stringMatching(/^gh is not logged in to github\.com: run gh auth login in a terminal/),
    });
    gh.login(true);
    expect(await pullRequestReadiness(wt.path, { run })).toEqual({ ready: true, remote: 'origin' });
    // Logged in for the remote's own host; the token itself is never asked for.
    expect(gh.calls()).toContain('auth status --hostname github.com');
    expect(gh.calls().some((c) => c.includes('token'))).toBe(false);
  });

  it('reads the host of every remote address form', () => {
    expect(remoteHost('git@github.com:ada/project.git')).toBe('github.com');
    expect(remoteHost('https://github.example.com/ada/project')).toBe('github.example.com');
    expect(remoteHost('ssh://git@ghe.corp:2222/ada/project.git')).toBe('ghe.corp');
    expect(remoteHost('https://user:pw@github.com/a/b')).toBe('github.com');
    expect(remoteHost('/srv/git/project.git')).toBeUndefined();
    expect(remoteHost('file:///srv/git/project.git')).toBeUndefined();
  });
});
