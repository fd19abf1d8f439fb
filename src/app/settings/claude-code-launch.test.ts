import { describe, expect, it } from 'vitest';
import type { CliStatus } from '../../shared/cli-status';
import type { CliCommand } from '../../core/claude-code/find-claude-binary';
import { claudeCodeLauncher } from './claude-code-launch';

const BIN = '/opt/claude/bin/claude';
const ok: CliStatus = { status: 'ok', version: '2.1.328', path: BIN, source: 'path' };

function launcher(
  status: CliStatus,
  opts: { command?: CliCommand | null; key?: string; env?: NodeJS.ProcessEnv } = {},
) {
  return claudeCodeLauncher({
    cli: {
      getStatus: async () => status,
      resolvedCommand: () => (opts.command === undefined ? { file: BIN, args: [] } : opts.command),
      childPathEnv: () => '/opt/claude/bin:/usr/bin',
    },
    apiKey: { get: () => opts.key },
    env: opts.env ?? { PATH: '/usr/bin', HOME: '/home/u' },
  });
}

describe('Claude Code launch settings', () => {
  it('a Windows npm shim starts node with the script; the PATH discovery wants, the saved key and the version go along', async () => {
    const shim = { file: 'C:\\node\\node.exe', args: ['C:\\npm\\node_modules\\claude\\cli.js'] };
    const result = await launcher(ok, { command: shim, key: 'sk-ant-saved' }).launch();
    expect(result).toEqual({
      ok: true,
      launch: {
        file: shim.file,
        prefixArgs: shim.args,
        pathEnv: '/opt/claude/bin:/usr/bin',
        savedApiKey: 'sk-ant-saved',
        version: '2.1.328',
      },
    });
  });

  it('the child env gets the PATH and the saved key, but the env’s own key wins and CLAUDECODE is dropped', async () => {
    const saved = await launcher(ok, { key: 'sk-ant-saved', env: { PATH: '/usr/bin', CLAUDECODE: '1' } }).withEnv();
    expect(saved).toMatchObject({
      file: BIN,
      env: { PATH: '/opt/claude/bin:/usr/bin', ANTHROPIC_API_KEY: 'sk-ant-saved' },
    });
    expect(saved.env.CLAUDECODE).toBeUndefined();
    const own = await launcher(ok, {
      key: 'sk-ant-saved',
      env: { PATH: '/usr/bin', ANTHROPIC_API_KEY: 'sk-ant-env' },
    }).withEnv();
    expect(own.env.ANTHROPIC_API_KEY).toBe('sk-ant-env');
  });

  it('not ready: launch says why, and a turn gets the error with the fix the UI shows', async () => {
    const missing: CliStatus = { status: 'not_installed' };
    expect(await launcher(missing).launch()).toEqual({ ok: false, status: missing });
    await expect(launcher(missing).ready()).rejects.toMatchObject({
      kind: 'cli_missing',
      hint: expect.stringMatching(/Install it/),
    });
    const old: CliStatus = {
      status: 'outdated',
      version: '1.0.0',
      min_required: '2.0.0',
      path: BIN,
    };
    await expect(launcher(old).withEnv()).rejects.toMatchObject({
      message: expect.stringMatching(/too old/),
      hint: 'Run `claude update`, then press Recheck in Settings.',
    });
  });
});
