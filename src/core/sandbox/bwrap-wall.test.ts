/**
 * The bubblewrap wall for real: a fake claude and the REAL CLI run behind it on this machine.
 * Skipped (with the reason in the suite name) where bwrap cannot run: not Linux, not installed,
 * or user namespaces disabled.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api.js';
import { realCliEnv, realCliPath } from '../../../test/fixtures/real-cli.js';
import { dataDirLayout } from '../store/data-dir.js';
import { selectSandbox } from './select-sandbox.js';
import { HEADLESS_STREAM_JSON_ARGS } from '../claude-code-wire/headless-args';
import {
  resultText,
  runOneTurn,
  startTinyMcpServer,
  type TinyMcpServer,
} from '../../../test/fixtures/wall-test-support.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const fakeClaude = path.join(repoRoot, 'test', 'fixtures', 'fake-claude.mjs');
const CANARY = 'CANARY-saved-api-key-sk-ant-7f3a';

// The data dir sits under HOME, as it does by default (~/.config/Claude Desk), next to ~/.claude.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-wall-'));
const home = path.join(root, 'home');
const layout = dataDirLayout(path.join(home, '.config', 'Claude Desk'));
const scratch = path.join(root, 'scratch');
const projectFile = path.join(layout.workspaceDir, 'hello.txt');
const sneakyLink = path.join(layout.workspaceDir, 'settings-link.json');

const box =
  process.platform === 'linux'
    ? await selectSandbox({ platform: 'linux', env: { PATH: process.env['PATH'] }, privateDirs: [layout.stateDir] })
    : undefined;
const skipReason = !box ? `not Linux (${process.platform})` : box.kind !== 'bubblewrap' ? box.reason : '';
const title = skipReason
  ? `bubblewrap wall on this machine — SKIPPED: ${skipReason}`
  : 'bubblewrap wall on this machine';

const children: ChildProcess[] = [];
const track = (child: ChildProcess): void => void children.push(child);

beforeAll(() => {
  fs.mkdirSync(layout.stateDir, { recursive: true, mode: 0o700 });
  fs.mkdirSync(layout.workspaceDir, { recursive: true });
  fs.mkdirSync(scratch, { recursive: true });
  fs.writeFileSync(layout.settingsFile, JSON.stringify({ apiKey: CANARY }));
  fs.writeFileSync(projectFile, 'hello from the project');
  fs.symlinkSync(layout.settingsFile, sneakyLink);
});

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe.skipIf(Boolean(skipReason))(title, () => {
  const wall = box!;

  async function fakeTurn(mode: string, walled = true): Promise<string> {
    const args = [fakeClaude, ...HEADLESS_STREAM_JSON_ARGS];
    const cmd = walled ? await wall.wrap(process.execPath, args, scratch) : { file: process.execPath, args };
    const run = await runOneTurn(cmd.file, cmd.args, {
      env: { PATH: process.env['PATH'], FAKE_CLAUDE_MODE: mode },
      cwd: layout.workspaceDir,
      text: 'go',
      track,
    });
    return resultText(run);
  }

  it('a fake claude behind the wall cannot read the saved settings, directly or through a symlink', async () => {
    // Control: without the wall the same read leaks the key, so the assertions below mean something.
    expect(await fakeTurn(`read-file:${layout.settingsFile}`, false)).toContain(CANARY);
    const direct = await fakeTurn(`read-file:${layout.settingsFile}`);
    expect(direct).toMatch(/^READ_ERROR ENOENT/);
    const viaLink = await fakeTurn(`read-file:${sneakyLink}`);
    expect(viaLink).toMatch(/^READ_ERROR ENOENT/);
    expect(direct + viaLink).not.toContain(CANARY);
  });

  it('the same fake claude can read a file in the project dir', async () => {
    expect(await fakeTurn(`read-file:${projectFile}`)).toBe('READ_OK 22 bytes: hello from the project');
  });

  it('writes into the state dir fail, the real state is untouched, umount and /proc give no way around', async () => {
    const probe = `
      const fs = require('node:fs'); const out = {};
      try { fs.writeFileSync(process.env.T + '/claude_code_settings.json', 'pwned'); out.write = 'ok'; } catch (e) { out.write = e.code; }
      try { require('node:child_process').execFileSync('umount', [process.env.T], { stdio: 'ignore' }); out.umount = 'ok'; } catch { out.umount = 'failed'; }
      out.list = fs.readdirSync(process.env.T);
      try { out.proc = fs.readFileSync('/proc/' + process.env.APP_PID + '/root' + process.env.F, 'utf8'); } catch (e) { out.proc = e.code; }
      console.log(JSON.stringify(out));`;
    const cmd = await wall.wrap(process.execPath, ['-e', probe], scratch);
    const { execFileSync } = await import('node:child_process');
    const env = { PATH: process.env['PATH'], T: layout.stateDir, F: layout.settingsFile, APP_PID: String(process.pid) };
    const out = JSON.parse(execFileSync(cmd.file, cmd.args, { env, encoding: 'utf8' })) as Record<string, unknown>;
    expect(out['write']).toBe('EROFS');
    expect(out['umount']).toBe('failed'); // bwrap as root keeps every capability unless told not to
    expect(out['list']).toEqual([]);
    expect(out['proc']).not.toContain(CANARY);
    expect(fs.readFileSync(layout.settingsFile, 'utf8')).toContain(CANARY);
    expect(fs.readdirSync(layout.stateDir)).toEqual([path.basename(layout.settingsFile)]);
  });

  describe('the real CLI behind the wall', () => {
    let mock: MockApi;
    let mcp: TinyMcpServer;
    beforeAll(async () => {
      mock = await startMockAnthropicApi();
      mcp = await startTinyMcpServer('pong from loopback MCP');
    });
    afterAll(async () => {
      await mcp?.close();
      await mock?.close();
    });

    async function cliTurn(text: string, extraArgs: string[], walled = true) {
      const sessionId = randomUUID();
      const args = [...HEADLESS_STREAM_JSON_ARGS, '--session-id', sessionId, ...extraArgs];
      const cmd = walled ? await wall.wrap(realCliPath(), args, scratch) : { file: realCliPath(), args };
      const { env } = realCliEnv(mock, { home });
      const run = await runOneTurn(cmd.file, cmd.args, { env, cwd: layout.workspaceDir, text, track });
      return { run, sessionId };
    }

    it('streams the mock API’s answer, reaches the loopback MCP server, and keeps ~/.claude writable', async () => {
      const config = path.join(scratch, 'mcp.json');
      fs.writeFileSync(config, JSON.stringify({ mcpServers: { t: { type: 'http', url: mcp.url } } }));
      const { run, sessionId } = await cliTurn('SCENARIO:tool:mcp__t__ping {}', [
        '--mcp-config',
        config,
        '--strict-mcp-config',
        '--allowedTools',
        'mcp__t',
      ]);
      const init = run.lines.find((l) => l['type'] === 'system' && l['subtype'] === 'init');
      expect(init?.['mcp_servers']).toEqual([expect.objectContaining({ name: 't', status: 'connected' })]);
      const deltas = run.lines.filter(
        (l) => l['type'] === 'stream_event' && JSON.stringify(l).includes('"text_delta"'),
      );
      expect(deltas.length).toBeGreaterThan(0);
      expect(mcp.calls).toContain('ping');
      expect(resultText(run)).toBe('Tool said: pong from loopback MCP');
      expect(run.exitCode).toBe(0);
      // The CLI's own session file landed in the real ~/.claude (slug: non-alphanumerics → "-", CASES.md).
      const slug = layout.workspaceDir.replace(/[^a-zA-Z0-9]/g, '-');
      expect(fs.existsSync(path.join(home, '.claude', 'projects', slug, `${sessionId}.jsonl`))).toBe(true);
    });

    it('its Read tool gets "does not exist" for the saved settings (and the key without the wall)', async () => {
      const text = `SCENARIO:tool:Read {"file_path":${JSON.stringify(layout.settingsFile)}}`;
      const flags = ['--allowedTools', 'Read'];
      const unwalled = await cliTurn(text, flags, false);
      expect(resultText(unwalled.run)).toContain(CANARY);
      const walled = await cliTurn(text, flags);
      expect(resultText(walled.run)).toMatch(/^Tool said: .*(does not exist|ENOENT)/i);
      expect(resultText(walled.run)).not.toContain(CANARY);
    });
  });
});
