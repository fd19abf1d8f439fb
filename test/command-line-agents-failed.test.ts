import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp } from '../src/app/desk-app';
import { startMockAnthropicApi, type MockApi } from './fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from './fixtures/real-cli';
import { useTempDirs } from './fixtures/temp-dirs';

/**
 * A thread whose turn failed stays failed in every front door until it is retried or dismissed: the failure is kept
 * with the thread, not in the memory of the process that ran it (issue 45, case 4). Real Claude Code against the
 * mock, whose `SCENARIO:toolong` the API refuses.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');
const temp = useTempDirs('cli-agents-failed');

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env, cwd: root, timeout: 150_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('a failed thread, across front doors and restarts', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock);
  });
  afterAll(async () => {
    await mock.close();
    cli.cleanup();
  });

  it('agents --json started afterwards lists it as failed; a dismiss takes it off every board; a retry too', async () => {
    const env = { ...cli.env, CLAUDE_DESK_DATA_DIR: await temp.make(), CLAUDE_DESK_CLI: realCliPath() };
    const failed = await run(['chat', '--thread', 'broken', 'SCENARIO:toolong'], env);
    expect(failed.code).toBe(1);
    const failing = await run(['chat', '--thread', 'again', '--model', 'mock-404-gone', 'Hello'], env);
    expect(failing.code).toBe(1);

    const listed = await run(['agents', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as { thread: string; status: string }[];
    expect(rows.map((r) => [r.thread, r.status]).sort()).toEqual([
      ['again', 'failed'],
      ['broken', 'failed'],
    ]);

    // The window after a restart: the same rows; its dismiss (the Board's) is kept for the command line too.
    const desk = await createDeskApp({ host: 'web', env });
    try {
      const board = await desk.handlers.getBoard(undefined);
      const broken = board.rows.find((r) => r.title === 'broken');
      expect(broken?.status).toBe('failed');
      await desk.handlers.dismissBoardRow({ threadId: broken!.threadId });
      expect((await desk.handlers.getBoard(undefined)).rows.map((r) => r.title)).toEqual(['again']);
    } finally {
      await desk.shutdown();
    }
    const after = JSON.parse((await run(['agents', '--json'], env)).stdout) as { thread: string }[];
    expect(after.map((r) => r.thread)).toEqual(['again']);

    // Retried (with a model that exists): the failure is over, in the next process too.
    const retried = await run(['chat', '--thread', 'again', '--model', 'sonnet', 'Hello'], env);
    expect(retried.code, retried.stderr).toBe(0);
    expect(JSON.parse((await run(['agents', '--json'], env)).stdout)).toEqual([]);
  }, 240_000);
});
