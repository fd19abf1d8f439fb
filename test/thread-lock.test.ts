import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskApp } from '../src/app/desk-app';
import type { TurnEvent } from '../src/shared/turn-events';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');
const fakeClaude = path.join(root, 'test', 'fixtures', 'fake-claude.mjs');

async function until<T>(check: () => Promise<T | undefined>, what: string, limitMs = 60_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Two processes on one data dir: while `claude-desk chat --thread shared` runs a turn, a second
 * command line and the app each wait for it — with a sentence saying where the thread is busy — and run as soon
 * as it is over; past the bound they give up with a sentence; a lock left by a killed process is taken over.
 * Real processes and real lock files, no mock of the lock.
 */
describe.runIf(process.platform !== 'win32')('one turn at a time per thread, across processes', () => {
  let dir: string;
  let dataDir: string;
  const started: ChildProcess[] = [];
  const env = (mode: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH ?? '',
    HOME: dir,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    CLAUDE_DESK_DATA_DIR: dataDir,
    CLAUDE_DESK_CLI: fakeClaude,
    CLAUDE_DESK_SANDBOX: '0',
    CLAUDE_DESK_IDLE_TIMEOUT_MS: '600000',
    FAKE_CLAUDE_MODE: mode,
    ...extra,
  });
  const locks = (): string => path.join(dataDir, 'state', 'thread-locks');
  const heldLock = (): Promise<{ pid: number; host: string } | undefined> =>
    fs
      .readdir(locks())
      .then(async (names) => {
        const name = names.find((n) => n.endsWith('.lock'));
        return name
          ? (JSON.parse(await fs.readFile(path.join(locks(), name), 'utf8')) as { pid: number; host: string })
          : undefined;
      })
      .catch(() => undefined);
  /** A turn that holds the thread: the fake CLI reads the message and then says nothing. */
  const busyChat = (): ChildProcess => {
    const child = spawn(process.execPath, [bin, 'chat', '--thread', 'shared', 'first'], {
      env: env('silent'),
      cwd: root,
      stdio: 'ignore',
    });
    started.push(child);
    return child;
  };
  /** A command line whose stderr the test reads while it runs. */
  const chat = (text: string, extra: NodeJS.ProcessEnv = {}) => {
    const child = spawn(process.execPath, [bin, 'chat', '--thread', 'shared', text], {
      env: env('text', extra),
      cwd: root,
    });
    started.push(child);
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (c: Buffer) => (out.stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out.stderr += c.toString()));
    const done = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      child.once('close', (code) => resolve({ code: code ?? 1, ...out })),
    );
    return { child, out, done };
  };
  const exited = (c: ChildProcess): Promise<unknown> =>
    c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', r));

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-lock-'));
    dataDir = path.join(dir, 'data');
  });
  afterAll(async () => {
    for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(started.map(exited));
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('a second command line waits with a sentence while the first runs, and answers once the first has stopped', async () => {
    const first = busyChat();
    const owner = await until(heldLock, 'the first chat to hold the thread');
    expect(owner).toMatchObject({ pid: first.pid, host: 'command-line' });

    const second = chat('second');
    const waiting = `Waiting for the command line (claude-desk chat) to finish its turn on this thread (process ${first.pid})…`;
    await until(async () => (second.out.stderr.includes(waiting) ? true : undefined), 'the waiting sentence');
    expect(second.out.stdout).toBe(''); // nothing sent yet
    first.kill('SIGINT'); // Ctrl-C: the first stops its turn and lets go of the thread
    const answered = await second.done;
    expect(answered.stdout).toBe('Hello from the mock API.\n');
    expect(answered.code).toBe(0);
    await exited(first);
    expect(await heldLock()).toBeUndefined(); // released at the end of the turn
  });

  it('past the bound it gives up with a sentence; after a SIGKILL of the holder its lock is taken over', async () => {
    const first = busyChat();
    await until(heldLock, 'the first chat to hold the thread');
    const refused = await chat('second', { CLAUDE_DESK_BUSY_WAIT_MS: '1500' }).done;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `This thread is running a turn in the command line (claude-desk chat), process ${first.pid}. Claude Desk waited 2 s for it to finish.`,
    );
    expect(refused.stderr).toContain('Your message did not reach Claude');

    // Killed without a goodbye: its lock file stays, naming a dead process.
    first.kill('SIGKILL');
    await exited(first);
    expect(await heldLock()).toMatchObject({ pid: first.pid });
    const after = await chat('third').done;
    expect(after.stderr).toBe('');
    expect(after.stdout).toBe('Hello from the mock API.\n');
    expect(after.code).toBe(0);
    expect(await heldLock()).toBeUndefined();
  });

  it('the app shows the wait as its turn’s state, Stop ends it unsent, and it runs once the command line is done', async () => {
    const busy = busyChat();
    await until(heldLock, 'the chat to hold the thread');
    const stdinFile = path.join(dir, 'stdin-wait.txt');
    const desk = await createDeskApp({
      host: 'web',
      env: env('text', { FAKE_CLAUDE_STDIN_FILE: stdinFile }),
      tmpRoot: dir,
    });
    try {
      const thread = (await desk.services.threads.list()).find((t) => t.title === 'shared');
      expect(thread).toBeDefined();
      const events: TurnEvent[] = [];
      desk.bus.subscribe((name, payload) => name === 'turnEvent' && events.push(payload as TurnEvent));
      const waiting = `Waiting for the command line (claude-desk chat) to finish its turn on this thread (process ${busy.pid})…`;
      const stopped = await desk.services.turns.send({ threadId: thread!.id, text: 'from the window' });
      await until(async () => events.find((e) => e.type === 'queued' && e.elsewhere === waiting), 'the wait');
      await desk.handlers.stopTurn({ threadId: thread!.id });
      await stopped.done;
      expect(events.at(-1)).toMatchObject({ type: 'finished', status: 'stopped' });
      expect(events.some((e) => e.type === 'started' || e.type === 'error')).toBe(false);
      const sent = await fs.readFile(stdinFile, 'utf8').catch(() => '');
      expect(sent).not.toContain('from the window'); // the message never reached a CLI

      events.length = 0;
      const again = await desk.services.turns.send({ threadId: thread!.id, text: 'again' });
      await until(async () => events.find((e) => e.type === 'queued' && e.elsewhere === waiting), 'the wait');
      busy.kill('SIGKILL');
      await again.done;
      expect(events.find((e) => e.type === 'error')).toBeUndefined();
      expect(events.at(-1)).toMatchObject({ type: 'finished', status: 'done' });
    } finally {
      await desk.shutdown();
    }
  });

  it("after the command line's turn, the window does not reuse the CLI it kept (it lacks that exchange): it resumes afresh", async () => {
    const argvFile = path.join(dir, 'argv.json');
    const deskEnv = { ...env('text'), FAKE_CLAUDE_ARGV_FILE: argvFile, CLAUDE_DESK_KEEP: '2' };
    const desk = await createDeskApp({ host: 'web', env: deskEnv, tmpRoot: dir });
    try {
      const thread = await desk.services.threads.create({ title: 'kept' });
      const first = await desk.services.turns.send({ threadId: thread.id, text: 'one' });
      await first.done;
      const session = await desk.services.sessions.get(thread.id);
      expect(session).toBeDefined();
      // Kept for the thread's next turn, and the proof: a turn on it spawns nothing.
      await fs.rm(argvFile);
      await (
        await desk.services.turns.send({ threadId: thread.id, text: 'two' })
      ).done;
      await expect(fs.access(argvFile)).rejects.toThrow();

      const cli = await new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile(
          process.execPath,
          [bin, 'chat', '--thread', 'kept', 'from the terminal'],
          { env: env('text'), cwd: root, timeout: 60_000 },
          (err, stdout) => resolve({ code: err ? 1 : 0, stdout }),
        );
      });
      expect(cli).toEqual({ code: 0, stdout: 'Hello from the mock API.\n' });

      await (
        await desk.services.turns.send({ threadId: thread.id, text: 'three' })
      ).done;
      const argv = JSON.parse(await fs.readFile(argvFile, 'utf8')) as string[];
      expect(argv[argv.indexOf('--resume') + 1]).toBe(session);
    } finally {
      await desk.shutdown();
    }
  });
});
