import path from 'node:path';
import { mkdir, utimes } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeClaudeScript,
  fakeLoginShellScript,
  makeTempDir,
  writeExecutable,
} from '../../../test/fixtures/cli-fakes/fake-claude-script.js';
import { memoryLookupFs } from '../../../test/fixtures/cli-fakes/memory-lookup-fs.js';
import { CliService, type CliServiceDeps } from './cli-service.js';
import { runProcess, type RunCommand } from './run-command.js';

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let calls: string[][];
const countingRun: RunCommand = (file, args, options) => {
  calls.push([path.basename(file), ...args]);
  return runProcess(file, args, options);
};
const versionCalls = (): number => calls.filter((c) => c.includes('--version')).length;
const authCalls = (): number => calls.filter((c) => c.includes('auth')).length;

beforeEach(async () => {
  tmp = await makeTempDir();
  home = path.join(tmp.dir, 'home');
  await mkdir(home);
  calls = [];
});
afterEach(() => tmp.cleanup());

const writeClaude = (dir: string, version: string): Promise<string> =>
  writeExecutable(path.join(dir, 'claude'), fakeClaudeScript({ kind: 'version', version }));

function service(env: NodeJS.ProcessEnv, extra: Partial<CliServiceDeps> = {}): CliService {
  return new CliService({
    env,
    platform: 'linux',
    home,
    run: countingRun,
    now: () => 1_700_000_000_000,
    ...extra,
  });
}

describe('CliService.getStatus', () => {
  it('probes once and serves the cached status until something changes', async () => {
    const file = await writeClaude(path.join(tmp.dir, 'bin'), '2.1.328');
    const cli = service({ PATH: path.join(tmp.dir, 'bin') });
    expect(cli.resolvedPath()).toBeNull();
    expect(await cli.getStatus()).toEqual({
      status: 'ok',
      version: '2.1.328',
      path: file,
      source: 'path',
    });
    expect(await cli.getStatus()).toMatchObject({ status: 'ok' });
    expect(versionCalls()).toBe(1);
    expect(cli.resolvedPath()).toBe(file);
    expect(cli.resolvedCommand()).toEqual({ file, args: [] });
    expect(cli.lastCheckedAt()).toBe(1_700_000_000_000);
  });

  it('shares one in-flight probe between concurrent callers', async () => {
    await writeClaude(path.join(tmp.dir, 'bin'), '2.1.328');
    const cli = service({ PATH: path.join(tmp.dir, 'bin') });
    const all = await Promise.all([cli.getStatus(), cli.getStatus(), cli.getStatus({ force: true })]);
    expect(all.map((s) => s.status)).toEqual(['ok', 'ok', 'ok']);
    expect(versionCalls()).toBe(1);
  });

  it('re-probes when the binary changes (an update) and when Recheck forces it', async () => {
    const bin = path.join(tmp.dir, 'bin');
    const file = await writeClaude(bin, '1.9.0');
    const cli = service({ PATH: bin });
    expect(await cli.getStatus()).toMatchObject({
      status: 'outdated',
      version: '1.9.0',
    });
    expect(cli.resolvedPath()).toBeNull(); // only an ok CLI is handed to turns

    await writeClaude(bin, '2.2.0');
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    expect(await cli.getStatus()).toMatchObject({
      status: 'ok',
      version: '2.2.0',
    });
    expect(versionCalls()).toBe(2);

    expect(await cli.getStatus({ force: true })).toMatchObject({
      status: 'ok',
      version: '2.2.0',
    });
    expect(versionCalls()).toBe(3);
  });

  it('names a missing override and does not use the claude on PATH', async () => {
    await writeClaude(path.join(tmp.dir, 'bin'), '2.1.328');
    const missing = path.join(tmp.dir, 'gone', 'claude');
    const cli = service({
      PATH: path.join(tmp.dir, 'bin'),
      CLAUDE_DESK_CLI: missing,
    });
    expect(await cli.getStatus()).toEqual({
      status: 'not_installed',
      override: missing,
    });
    expect(versionCalls()).toBe(0);
  });

  it('is not_installed (without override) when nothing is found anywhere', async () => {
    // In-memory fs: the test machine may have a real /usr/local/bin/claude.
    const cli = service({ PATH: path.join(tmp.dir, 'empty') }, { fs: memoryLookupFs({}) });
    expect(await cli.getStatus()).toEqual({ status: 'not_installed' });
    expect(cli.resolvedCommand()).toBeNull();
  });

  it('is unusable when the only claude found cannot be executed', async () => {
    const file = await writeExecutable(
      path.join(home, '.local', 'bin', 'claude'),
      fakeClaudeScript({ kind: 'version', version: '2.1.328' }),
      0o644,
    );
    const cli = service({ PATH: path.join(tmp.dir, 'empty') });
    expect(await cli.getStatus()).toEqual({
      status: 'unusable',
      path: file,
      reason: 'not executable (no execute permission)',
    });
  });
});

describe('CliService.childPathEnv', () => {
  it('leaves PATH alone when claude came from the app PATH', async () => {
    await writeClaude(path.join(tmp.dir, 'bin'), '2.1.328');
    const cli = service({ PATH: path.join(tmp.dir, 'bin') });
    await cli.getStatus();
    expect(cli.childPathEnv('/usr/bin:/bin')).toBe('/usr/bin:/bin');
  });

  it("prepends the CLI's directory when it was found by a fallback, keeping inherited entries", async () => {
    const localBin = path.join(home, '.local', 'bin');
    await writeClaude(localBin, '2.1.328');
    const cli = service({ PATH: path.join(tmp.dir, 'empty') });
    expect(await cli.getStatus()).toMatchObject({
      status: 'ok',
      source: 'fallback',
    });
    const parts = cli.childPathEnv('/usr/bin:/bin').split(':');
    expect(parts[0]).toBe(localBin);
    expect(parts).toContain('/usr/bin');
    expect(parts).toContain('/bin');
  });
});

describe('CliService.getAuth and doctor', () => {
  it('caches the auth answer until Recheck', async () => {
    await writeClaude(path.join(tmp.dir, 'bin'), '2.1.328');
    const cli = service({
      PATH: path.join(tmp.dir, 'bin'),
      ANTHROPIC_API_KEY: 'sk-ant-test',
    });
    expect(await cli.getAuth()).toMatchObject({
      loggedIn: true,
      method: 'env_api_key',
    });
    await cli.getAuth();
    expect(authCalls()).toBe(1);
    await cli.getAuth({ force: true });
    expect(authCalls()).toBe(2);
  });

  it('asks the saved-key store when the env has no key', async () => {
    await writeClaude(path.join(tmp.dir, 'bin'), '2.1.328');
    const cli = service(
      { PATH: path.join(tmp.dir, 'bin') },
      {
        savedKey: {
          hasSavedApiKey: () => true,
          readSavedApiKey: async () => 'sk-ant-saved',
        },
      },
    );
    expect(await cli.getAuth()).toMatchObject({
      loggedIn: true,
      method: 'saved_api_key',
      cli: { apiKeySource: 'ANTHROPIC_API_KEY' },
    });
  });

  it('builds the doctor report: both PATHs, every location searched, data dir, log file, sandbox', async () => {
    const appPath = path.join(tmp.dir, 'empty');
    const loginBin = path.join(tmp.dir, 'login-bin');
    await writeClaude(loginBin, '2.1.328');
    const shell = await writeExecutable(path.join(tmp.dir, 'shell'), fakeLoginShellScript(`${appPath}:${loginBin}`));
    const cli = service({ PATH: appPath, SHELL: shell });
    const sandbox = {
      kind: 'none' as const,
      reason: 'disabled by CLAUDE_DESK_SANDBOX=0',
    };
    const report = await cli.doctor({
      dataDir: '/data',
      logFile: '/data/state/logs/app.log',
      sandbox,
    });
    expect(report).toMatchObject({
      cli: { status: 'ok', source: 'login-shell' },
      auth: { loggedIn: false, method: 'none' },
      appPath,
      loginShellPath: `${appPath}:${loginBin}`,
      dataDir: '/data',
      logFile: '/data/state/logs/app.log',
      sandbox,
    });
    expect(report.steps.map((s) => [s.source, s.result])).toEqual([
      ['path', 'missing'],
      ['login-shell', 'found'],
    ]);
  });
});
