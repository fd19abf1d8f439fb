import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from './fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from './fixtures/real-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');

/** `claude-desk chat` in Ask mode without a terminal: a tool that needs approval is denied, and it says why. */
describe('claude-desk chat without a TTY', () => {
  let mock: MockApi;
  let dir: string;
  let base: ReturnType<typeof realCliEnv>;

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    base = realCliEnv(mock);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-cli-approval-'));
  });
  afterAll(async () => {
    await mock.close();
    base.cleanup();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('denies the Write with a message the model reads, writes nothing, and exits 0', async () => {
    const project = path.join(dir, 'project');
    await fs.mkdir(project);
    const env = {
      ...base.env,
      CLAUDE_DESK_DATA_DIR: path.join(dir, 'data'),
      CLAUDE_DESK_CLI: realCliPath(),
      CLAUDE_DESK_PERMISSION_MODE: 'ask',
    };
    const res = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, 'chat', '--project', project, 'SCENARIO:write Write it'],
        { env, cwd: root, timeout: 90_000 },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(); // a pipe, not a TTY
    });
    expect(res.stderr).toContain('[approval needed] Write: denied (no terminal to ask on)');
    expect(res.stdout).toContain('Tool said: The user could not be asked');
    expect(res.code).toBe(0);
    await expect(fs.access(path.join(project, 'written-by-tool.txt'))).rejects.toThrow();
  });
});
