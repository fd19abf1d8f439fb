import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';

/**
 * What "a worktree when Claude first edits" would build on: a conversation begun in the main checkout, resumed by
 * a fresh Claude Code started in another folder (the thread's new worktree). Recorded with the pinned CLI against
 * the mock: Claude Code keeps a session under the folder it began in (~/.claude/projects/<slug of cwd>), yet
 * `--resume <id>` from another folder finds it, sends the earlier turns with the new one, and goes on writing
 * the transcript where it began.
 */
describe('--resume from another folder (real CLI, mock API)', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  let root: string;

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock);
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-resume-cwd-')));
    fs.mkdirSync(path.join(root, 'main'));
    fs.mkdirSync(path.join(root, 'worktree'));
  });
  afterAll(async () => {
    await mock?.close();
    cli?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const run = (cwd: string, args: string[], text: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        realCliPath(),
        ['-p', '--output-format', 'stream-json', '--verbose', ...args, text],
        { cwd, env: cli.env, timeout: 120_000 },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });

  it('a session begun in one folder is resumed from another, its earlier turns sent; the transcript stays where it began', async () => {
    const sessionId = randomUUID();
    const first = await run(path.join(root, 'main'), ['--session-id', sessionId], 'FIRST-TURN-MARKER');
    expect(first.code, first.stderr).toBe(0);
    const before = mock.requests.length;
    const other = await run(path.join(root, 'worktree'), ['--resume', sessionId], 'second turn');
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).toContain(`"session_id":"${sessionId}"`);
    // The earlier turn went to the API with the new one: the conversation goes on.
    const sent = JSON.stringify(mock.requests.slice(before).map((r) => r.body));
    expect(sent).toContain('FIRST-TURN-MARKER');
    expect(sent).toContain('second turn');
    // Where the transcript lives afterwards (the History's grouping and a later --resume depend on it).
    const projects = path.join(cli.home, '.claude', 'projects');
    const holders = fs.readdirSync(projects).filter((d) => fs.existsSync(path.join(projects, d, `${sessionId}.jsonl`)));
    expect(holders).toEqual([path.join(root, 'main').replace(/[^A-Za-z0-9]/g, '-')]);
  });
});
