import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeClaudeScript,
  fakeLoginShellScript,
  fakeNpmScript,
  makeTempDir,
  writeExecutable,
} from '../../../test/fixtures/cli-fakes/fake-claude-script.js';
import { memoryLookupFs } from '../../../test/fixtures/cli-fakes/memory-lookup-fs.js';
import { realLookupFs } from './file-check.js';
import { findClaudeBinary, type FindDeps } from './find-claude-binary.js';
import { readLoginShellPath } from './login-shell-path.js';
import { runProcess } from './run-command.js';

const CLAUDE = fakeClaudeScript({ kind: 'version', version: '2.1.328' });
let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;

beforeEach(async () => {
  tmp = await makeTempDir();
  home = path.join(tmp.dir, 'home');
  await mkdir(home);
});
afterEach(() => tmp.cleanup());

/** POSIX lookup against real temp files and real processes; no SHELL unless a test gives one. */
function posixDeps(env: NodeJS.ProcessEnv, loginShellTimeoutMs = 5_000): FindDeps {
  return {
    env,
    platform: 'linux',
    home,
    run: runProcess,
    fs: realLookupFs,
    loginShell: () =>
      readLoginShellPath({
        env,
        platform: 'linux',
        run: runProcess,
        timeoutMs: loginShellTimeoutMs,
      }),
  };
}
const dir = (...parts: string[]): string => path.join(tmp.dir, ...parts);

describe('override (CLAUDE_DESK_CLI)', () => {
  it('uses the override and searches nothing else', async () => {
    const file = await writeExecutable(dir('custom', 'my-claude'), CLAUDE);
    const r = await findClaudeBinary(posixDeps({ CLAUDE_DESK_CLI: file, PATH: dir('custom') }));
    expect(r.found).toMatchObject({
      path: file,
      source: 'override',
      command: { file, args: [] },
    });
    expect(r.steps).toEqual([{ source: 'override', location: file, result: 'found' }]);
    expect(r.found?.pathAdditions).toEqual({ prepend: [], append: [] });
  });

  it('reports a missing override by name and never falls through to the claude on PATH', async () => {
    await writeExecutable(dir('bin', 'claude'), CLAUDE);
    const missing = dir('nope', 'claude');
    const r = await findClaudeBinary(posixDeps({ CLAUDE_DESK_CLI: missing, PATH: dir('bin') }));
    expect(r.found).toBeNull();
    expect(r.override).toBe(missing);
    expect(r.steps.map((s) => s.result)).toEqual(['missing']);
  });

  it('reports a non-executable override as unusable', async () => {
    const file = await writeExecutable(dir('custom', 'claude'), CLAUDE, 0o644);
    await writeExecutable(dir('bin', 'claude'), CLAUDE);
    const r = await findClaudeBinary(posixDeps({ CLAUDE_DESK_CLI: file, PATH: dir('bin') }));
    expect(r.found).toBeNull();
    expect(r.unusable).toEqual({
      path: file,
      reason: 'not executable (no execute permission)',
    });
  });
});

describe("the app's PATH", () => {
  it('takes the first executable claude in PATH order, recording every directory it looked in', async () => {
    await writeExecutable(dir('b', 'claude'), CLAUDE, 0o644);
    const good = await writeExecutable(dir('c', 'claude'), CLAUDE);
    await writeExecutable(dir('d', 'claude'), CLAUDE);
    const PATH = [dir('a'), dir('b'), dir('c'), dir('d'), 'relative/bin'].join(':');
    const r = await findClaudeBinary(posixDeps({ PATH }));
    expect(r.found).toMatchObject({ path: good, source: 'path' });
    expect(r.steps.map((s) => [s.location, s.result])).toEqual([
      [dir('a', 'claude'), 'missing'],
      [dir('b', 'claude'), 'not_executable'],
      [dir('c', 'claude'), 'found'],
    ]);
    expect(r.found?.pathAdditions).toEqual({ prepend: [], append: [] });
  });
});

describe('the login shell PATH', () => {
  it('finds claude on the PATH a terminal would see despite rc-file noise, and widens the child PATH', async () => {
    const cli = await writeExecutable(dir('login-bin', 'claude'), CLAUDE);
    const loginPath = [dir('app-bin'), dir('login-bin'), dir('tools')].join(':');
    const shell = await writeExecutable(dir('fake-shell'), fakeLoginShellScript(loginPath));
    await mkdir(path.join(home, '.local', 'bin'), { recursive: true });
    const r = await findClaudeBinary(posixDeps({ PATH: dir('app-bin'), SHELL: shell }));
    expect(r.found).toMatchObject({ path: cli, source: 'login-shell' });
    expect(r.loginShell).toEqual({ ok: true, path: loginPath, shell });
    // CLI dir and the existing user bin dir first; the terminal's PATH after the inherited one.
    // (/usr/local/bin and /opt/homebrew/bin may follow, when this machine has them.)
    expect(r.found?.pathAdditions.prepend.slice(0, 2)).toEqual([dir('login-bin'), path.join(home, '.local', 'bin')]);
    expect(r.found?.pathAdditions.append).toEqual([dir('app-bin'), dir('login-bin'), dir('tools')]);
  });

  it('gives up on a login shell that hangs after the timeout and goes on to the fallbacks', async () => {
    const shell = await writeExecutable(dir('slow-shell'), fakeLoginShellScript('hang'));
    const cli = await writeExecutable(path.join(home, '.local', 'bin', 'claude'), CLAUDE);
    const r = await findClaudeBinary(posixDeps({ PATH: dir('empty'), SHELL: shell }, 300));
    expect(r.steps).toContainEqual({
      source: 'login-shell',
      location: `${shell} -ilc`,
      result: 'error',
      detail: 'timed out after 0.3 s',
    });
    expect(r.found).toMatchObject({ path: cli, source: 'fallback' });
  });

  it('records the login shell as skipped when SHELL is unset', async () => {
    const r = await findClaudeBinary(posixDeps({ PATH: dir('empty') }));
    expect(r.steps).toContainEqual({
      source: 'login-shell',
      location: '$SHELL -ilc',
      result: 'skipped',
      detail: 'SHELL is not set',
    });
  });
});

describe('fallback locations', () => {
  // Home-relative fallbacks, most specific first; each test also installs every LATER one.
  const homeFallbacks = [
    ['.local', 'bin'],
    ['.claude', 'local'],
    ['.npm-global', 'bin'],
    ['.bun', 'bin'],
    ['.volta', 'bin'],
  ];
  it.each(homeFallbacks.map((parts, i) => [parts.join('/'), i] as const))(
    'finds ~/%s/claude before any later fallback',
    async (_name, index) => {
      for (const parts of homeFallbacks.slice(index))
        await writeExecutable(path.join(home, ...parts, 'claude'), CLAUDE);
      const r = await findClaudeBinary(posixDeps({ PATH: dir('empty') }));
      const expected = path.join(home, ...(homeFallbacks[index] ?? []), 'claude');
      expect(r.found).toMatchObject({ path: expected, source: 'fallback' });
      expect(r.found?.pathAdditions.prepend[0]).toBe(path.dirname(expected));
    },
  );

  it("finds claude in npm's global prefix (asking npm, whose output starts with a notice)", async () => {
    const prefix = dir('npm-prefix');
    const cli = await writeExecutable(path.join(prefix, 'bin', 'claude'), CLAUDE);
    await writeExecutable(dir('npm-home', 'npm'), fakeNpmScript(prefix));
    await writeExecutable(path.join(home, '.bun', 'bin', 'claude'), CLAUDE); // a later fallback
    const r = await findClaudeBinary(posixDeps({ PATH: dir('npm-home') }));
    expect(r.found).toMatchObject({ path: cli, source: 'fallback' });
    expect(r.steps).toContainEqual({
      source: 'fallback',
      location: 'npm config get prefix',
      result: 'found',
      detail: prefix,
    });
    expect(r.found?.pathAdditions.prepend.slice(0, 2)).toEqual([
      path.join(prefix, 'bin'),
      path.join(home, '.bun', 'bin'),
    ]);
  });

  it('records "npm not found" and keeps going', async () => {
    const cli = await writeExecutable(path.join(home, '.volta', 'bin', 'claude'), CLAUDE);
    const r = await findClaudeBinary(posixDeps({ PATH: dir('empty') }));
    expect(r.steps).toContainEqual({
      source: 'fallback',
      location: 'npm config get prefix',
      result: 'error',
      detail: 'npm not found',
    });
    expect(r.found?.path).toBe(cli);
  });

  it('searches every fallback in the documented order when nothing is installed', async () => {
    // In-memory fs: this machine may well have a real /usr/local/bin/claude.
    const r = await findClaudeBinary({
      ...posixDeps({ PATH: dir('empty') }),
      fs: memoryLookupFs({}),
    });
    const searched = r.steps.filter((s) => s.source === 'fallback').map((s) => s.location);
    expect(searched).toEqual([
      path.join(home, '.local/bin/claude'),
      path.join(home, '.claude/local/claude'),
      'npm config get prefix',
      path.join(home, '.npm-global/bin/claude'),
      path.join(home, '.bun/bin/claude'),
      path.join(home, '.volta/bin/claude'),
      '/opt/homebrew/bin/claude',
      '/usr/local/bin/claude',
    ]);
    expect(r.found).toBeNull();
    expect(r.override).toBeUndefined();
  });

  it('does not search a fallback again that a PATH already covered', async () => {
    const localBin = path.join(home, '.local', 'bin');
    const r = await findClaudeBinary({
      ...posixDeps({ PATH: localBin }),
      fs: memoryLookupFs({}),
    });
    expect(r.steps.filter((s) => s.location === path.join(localBin, 'claude'))).toEqual([
      {
        source: 'path',
        location: path.join(localBin, 'claude'),
        result: 'missing',
      },
    ]);
  });

  it('finds a Homebrew install in /opt/homebrew/bin', async () => {
    const fs = memoryLookupFs({ '/opt/homebrew/bin/claude': CLAUDE }, ['/opt/homebrew/bin']);
    const r = await findClaudeBinary({
      ...posixDeps({ PATH: dir('empty') }),
      fs,
    });
    expect(r.found).toMatchObject({
      path: '/opt/homebrew/bin/claude',
      source: 'fallback',
    });
    expect(r.found?.pathAdditions.prepend).toEqual(['/opt/homebrew/bin']);
  });

  it('reports the first non-executable candidate as unusable when nothing else is found', async () => {
    const broken = await writeExecutable(path.join(home, '.local', 'bin', 'claude'), CLAUDE, 0o644);
    const r = await findClaudeBinary(posixDeps({ PATH: dir('empty') }));
    expect(r.found).toBeNull();
    expect(r.unusable).toEqual({
      path: broken,
      reason: 'not executable (no execute permission)',
    });
  });
});
