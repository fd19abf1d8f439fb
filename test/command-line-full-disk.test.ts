import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp } from '../src/app/desk-app';
import { startMockAnthropicApi, type MockApi } from './fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from './fixtures/real-cli';

/**
 * The disk holding Claude Desk's data fills while an answer streams (issue 45, case 7): a small tmpfs as the data dir,
 * filled to the last byte before the turn. One clear sentence, no stack trace; once space is back the thread works
 * and no turn is shown running. Runs where the test may mount a tmpfs (root on Linux).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env, cwd: root, timeout: 150_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

function mountTmpfs(dir: string): boolean {
  if (process.platform !== 'linux') return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Fill the file system holding `dir` to the last byte. */
function fill(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch {
    // ENOSPC: full; now the last small pieces
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(512, 1));
    } catch {
      // full to the block
    }
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-full-disk-'));
const dataDir = path.join(scratch, 'data');
fs.mkdirSync(dataDir);
const mounted = mountTmpfs(dataDir);

describe.runIf(mounted)('a full disk under the data dir (tmpfs)', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock);
  });
  afterAll(async () => {
    await mock?.close();
    cli?.cleanup();
    execFileSync('umount', [dataDir]);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('one sentence and no stack trace; with space back the thread answers and no turn shows running', async () => {
    const env = { ...cli.env, CLAUDE_DESK_DATA_DIR: dataDir, CLAUDE_DESK_CLI: realCliPath() };
    const first = await run(['chat', '--thread', 'notes', 'Hello'], env);
    expect(first.code, first.stderr).toBe(0);

    const filler = fill(dataDir);
    const full = await run(['chat', '--thread', 'notes', 'Hello again'], env);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain(
      "Could not save: the disk holding Claude Desk's data is full — free space and Retry.",
    );
    expect(full.stderr).not.toMatch(/\n\s+at |Error: ENOSPC|unhandled/i);

    fs.rmSync(filler);
    const again = await run(['chat', '--thread', 'notes', 'Once more'], env);
    expect(again.code, again.stderr).toBe(0);
    const desk = await createDeskApp({ host: 'web', env });
    try {
      const thread = (await desk.handlers.listThreads(undefined)).find((t) => t.title === 'notes')!;
      const messages = (await desk.handlers.getThread({ threadId: thread.id }))!.messages;
      expect(messages.filter((m) => m.role === 'assistant' && m.status === 'running')).toEqual([]);
      expect(messages.some((m) => m.role === 'user' && m.text === 'Once more')).toBe(true);
    } finally {
      await desk.shutdown();
    }
  }, 240_000);
});
