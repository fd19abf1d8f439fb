import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp } from '../src/app/desk-app';
import { startMockAnthropicApi, type MockApi } from './fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from './fixtures/real-cli';
import { filesTurnResponder } from './fixtures/rewind-scenarios';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env, cwd: root, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** `claude-desk rewind` with the real CLI: the dry run lists what the app's dialog lists, then the files go back. */
describe('claude-desk rewind', () => {
  let mock: MockApi;
  let dataDir: string;
  let project: string;
  let base: ReturnType<typeof realCliEnv>;

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    mock.setResponder(filesTurnResponder());
    base = realCliEnv(mock);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-cli-rewind-'));
    project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-cli-rewind-proj-')));
    execFileSync('git', ['init', '-q'], { cwd: project });
    await fs.writeFile(path.join(project, 'b.txt'), 'original b\n');
  });
  afterAll(async () => {
    await mock.close();
    base.cleanup();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(project, { recursive: true, force: true });
  });
  const env = () => ({ ...base.env, CLAUDE_DESK_DATA_DIR: dataDir, CLAUDE_DESK_CLI: realCliPath() });

  it("--dry-run lists exactly the files of the app's preview; without it they are restored", async () => {
    const chat = await run(['chat', '--thread', 'rw', '--project', project, 'FILES change a and b'], env());
    expect(chat.code, chat.stderr).toBe(0);
    expect(await fs.readFile(path.join(project, 'b.txt'), 'utf8')).toBe('edited b\n');

    const dry = await run(['rewind', '--thread', 'rw', '--dry-run'], env());
    expect(dry.code, dry.stderr).toBe(0);
    const listed = dry.stdout
      .split('\n')
      .filter((l) => /^(restore|delete|recreate)\s/.test(l))
      .map((l) => l.split(/\s+/)[1])
      .sort();
    expect(listed).toEqual(['a.txt', 'b.txt']);

    // The same list the app's "Rewind to here" dialog gets, through the same handler.
    const desk = await createDeskApp({ host: 'web', env: env() });
    try {
      const thread = (await desk.handlers.listThreads(undefined)).find((t) => t.title === 'rw')!;
      const full = await desk.handlers.getThread({ threadId: thread.id });
      const preview = await desk.handlers.previewRewind({ threadId: thread.id, messageId: full!.messages[0]!.id });
      expect(preview.files.map((f) => f.path).sort()).toEqual(listed);
    } finally {
      await desk.shutdown();
    }

    const real = await run(['rewind', '--thread', 'rw'], env());
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toMatch(/restored\s+b\.txt/);
    expect(await fs.readFile(path.join(project, 'b.txt'), 'utf8')).toBe('original b\n');
    await expect(fs.access(path.join(project, 'a.txt'))).rejects.toThrow();

    const again = await run(['rewind', '--thread', 'rw'], env());
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/0 message/);
  });

  it("lists another thread's files apart and keeps them; --code-only and --conversation-only take back one side", async () => {
    const shared = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-cli-rewind-shared-')));
    execFileSync('git', ['init', '-q'], { cwd: shared });
    await fs.writeFile(path.join(shared, 'b.txt'), 'original b\n');
    const read = (f: string) => fs.readFile(path.join(shared, f), 'utf8').catch(() => undefined);
    const chat = async (thread: string, text: string, extra: Record<string, string> = {}) => {
      const r = await run(['chat', '--thread', thread, '--project', shared, text], { ...env(), ...extra });
      expect(r.code, r.stderr).toBe(0);
    };
    try {
      await chat('mine', 'first question');
      // The shell is off in the default mode: the other thread's turn runs with every tool allowed.
      await chat('theirs', 'BASH[echo from-other > c.txt]', { CLAUDE_DESK_PERMISSION_MODE: 'bypass', IS_SANDBOX: '1' });
      await chat('mine', 'FILES change a and b');

      const dry = await run(['rewind', '--thread', 'mine', '--to', '2', '--dry-run'], env());
      expect(dry.code, dry.stderr).toBe(0);
      const own = dry.stdout.split('\n').filter((l) => /^(restore|delete|recreate)\s/.test(l));
      expect(own.map((l) => l.split(/\s+/)[1]).sort()).toEqual(['a.txt', 'b.txt']);
      expect(dry.stdout).toMatch(
        /Changed by another thread \(kept\):\n {2}delete\s+c\.txt {2}\(last changed by “theirs”\)/,
      );

      const both = await run(['rewind', '--thread', 'mine', '--to', '2', '--code-only', '--conversation-only'], env());
      expect(both.code).toBe(1);
      expect(both.stderr).toMatch(/either --code-only or --conversation-only/);

      const code = await run(['rewind', '--thread', 'mine', '--to', '2', '--code-only'], env());
      expect(code.code, code.stderr).toBe(0);
      expect(code.stdout).toMatch(/kept\s+c\.txt \(last changed by “theirs”\)/);
      expect(code.stdout).toMatch(/The conversation is unchanged/);
      expect(await read('b.txt')).toBe('original b\n');
      expect(await read('a.txt')).toBeUndefined();
      expect(await read('c.txt')).toBe('from-other\n');

      await fs.writeFile(path.join(shared, 'b.txt'), 'by hand\n');
      const talk = await run(['rewind', '--thread', 'mine', '--to', '2', '--conversation-only'], env());
      expect(talk.code, talk.stderr).toBe(0);
      expect(talk.stdout).toMatch(/No file was touched/);
      expect(await read('b.txt')).toBe('by hand\n');
      const again = await run(['rewind', '--thread', 'mine', '--to', '2'], env());
      expect(again.stderr).toMatch(/0 message\(s\) of yours; it cannot go back 2/);
    } finally {
      await fs.rm(shared, { recursive: true, force: true });
    }
  });
});
