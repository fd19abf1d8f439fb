import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeClaudeScript,
  makeTempDir,
  writeExecutable,
  type FakeClaudeBehaviour,
} from '../../../test/fixtures/cli-fakes/fake-claude-script.js';
import { parseCliVersion, probeVersion } from './probe-version.js';
import { runProcess } from './run-command.js';

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await makeTempDir();
});
afterEach(() => tmp.cleanup());

async function probe(behaviour: FakeClaudeBehaviour, opts: { mode?: number; timeoutMs?: number } = {}) {
  const file = await writeExecutable(path.join(tmp.dir, 'claude'), fakeClaudeScript(behaviour), opts.mode);
  const status = await probeVersion({
    path: file,
    source: 'path',
    command: { file, args: [] },
    run: runProcess,
    env: { PATH: tmp.dir },
    timeoutMs: opts.timeoutMs,
  });
  return { file, status };
}

describe('probeVersion', () => {
  it('is ok for 2.1.328 (the output of the real CLI)', async () => {
    const { file, status } = await probe({
      kind: 'version',
      version: '2.1.328',
    });
    expect(status).toEqual({
      status: 'ok',
      version: '2.1.328',
      path: file,
      source: 'path',
    });
  });

  it('accepts exactly the minimum version', async () => {
    const { status } = await probe({ kind: 'version', version: '2.0.0' });
    expect(status.status).toBe('ok');
  });

  it('is outdated below 2.0.0, naming the minimum', async () => {
    const { file, status } = await probe({ kind: 'version', version: '1.9.0' });
    expect(status).toEqual({
      status: 'outdated',
      version: '1.9.0',
      min_required: '2.0.0',
      path: file,
    });
  });

  it('treats a 2.0.0 prerelease as outdated', async () => {
    const { status } = await probe({
      kind: 'version',
      version: '2.0.0-beta.3',
    });
    expect(status).toMatchObject({
      status: 'outdated',
      version: '2.0.0-beta.3',
    });
  });

  it('is unusable when the file cannot be executed', async () => {
    const { status } = await probe({ kind: 'version', version: '2.1.328' }, { mode: 0o644 });
    expect(status).toMatchObject({
      status: 'unusable',
      reason: 'not executable (permission denied)',
    });
  });

  it('is unusable when it exits non-zero, quoting what it printed', async () => {
    const { status } = await probe({
      kind: 'output',
      stdout: '',
      stderr: 'Error: cannot find module ./cli.js',
      exitCode: 3,
    });
    expect(status).toMatchObject({
      status: 'unusable',
      reason: '--version exited with code 3: Error: cannot find module ./cli.js',
    });
  });

  it('is unusable when the output has no version, quoting it', async () => {
    const { status } = await probe({
      kind: 'output',
      stdout: 'Welcome to something else entirely',
    });
    expect(status).toMatchObject({
      status: 'unusable',
      reason: 'unparsable --version output: Welcome to something else entirely',
    });
  });

  it('keeps long output to a short excerpt', async () => {
    const { status } = await probe({
      kind: 'output',
      stdout: 'x'.repeat(5000),
      exitCode: 1,
    });
    expect(status.status === 'unusable' && status.reason.length).toBeLessThan(200);
  });

  it('is unusable with "timed out" when --version hangs', async () => {
    const { status } = await probe({ kind: 'hang' }, { timeoutMs: 300 });
    expect(status).toMatchObject({
      status: 'unusable',
      reason: '--version timed out after 300 ms',
    });
  });
});

describe('parseCliVersion', () => {
  it.each([
    ['2.1.328 (Claude Code)', '2.1.328'],
    ['claude v2.0.4\n', '2.0.4'],
    ['1.0.0-rc.1 (Claude Code)', '1.0.0-rc.1'],
    ['Claude Code', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(parseCliVersion(input)).toBe(expected);
  });
});
