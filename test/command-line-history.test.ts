import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockAnthropicApi, type MockApi } from './fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from './fixtures/real-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');

type Run = { code: number; stdout: string; stderr: string };
function run(file: string, args: string[], env: Record<string, string>, cwd = root): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { env, cwd, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const ALPHA = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b';
const BETA = '6fa459ea-ee8a-4ca4-894e-db77e160355e';
const GAMMA = '16fd2706-8baf-433b-82eb-8c7fada847da';

/**
 * The History on the command line, end to end: sessions made by the REAL CLI (against the mock) in two folders of a
 * scratch HOME, listed, searched and continued through `claude-desk`, also after the CLI's file is deleted.
 */
describe('claude-desk history / chat --session', () => {
  let mock: MockApi;
  let base: ReturnType<typeof realCliEnv>;
  let dataDir: string;
  let work: string;
  let alphaDir: string;
  let betaDir: string;

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    base = realCliEnv(mock);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-history-'));
    work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-projects-')));
    alphaDir = path.join(work, 'alpha proj');
    betaDir = path.join(work, 'beta');
    await fs.mkdir(alphaDir);
    await fs.mkdir(betaDir);
    // As a terminal user would: `claude -p …` in each folder.
    const cli = (cwd: string, args: string[]) => run(realCliPath(), ['-p', ...args], base.env, cwd);
    expect((await cli(alphaDir, ['--session-id', ALPHA, 'Remember the word NONCE-ALPHA-42'])).code).toBe(0);
    expect((await cli(alphaDir, ['--resume', ALPHA, 'And a second question'])).code).toBe(0);
    expect((await cli(betaDir, ['--session-id', BETA, 'Something about NONCE-BETA-77'])).code).toBe(0);
    expect((await cli(betaDir, ['--session-id', GAMMA, 'A third one, soon deleted NONCE-GAMMA-5'])).code).toBe(0);
  });
  afterAll(async () => {
    await mock.close();
    base.cleanup();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(work, { recursive: true, force: true });
  });
  const env = () => ({ ...base.env, CLAUDE_DESK_DATA_DIR: dataDir, CLAUDE_DESK_CLI: realCliPath() });
  const desk = (args: string[]) => run(process.execPath, [bin, ...args], env());
  const listed = async (args: string[] = []) => {
    const res = await desk(['history', '--json', ...args]);
    expect(res.code).toBe(0);
    return JSON.parse(res.stdout) as { id: string; project: string; title: string; messages: number; source: string }[];
  };

  it('lists the sessions of both folders with their real folder and title; --project narrows them', async () => {
    const all = await listed();
    expect(all.map((s) => s.id).sort()).toEqual([ALPHA, BETA, GAMMA].sort());
    expect(all.find((s) => s.id === ALPHA)).toMatchObject({
      project: alphaDir,
      title: 'Remember the word NONCE-ALPHA-42',
      messages: 4,
    });
    expect(all.find((s) => s.id === BETA)).toMatchObject({
      project: betaDir,
      title: 'Something about NONCE-BETA-77',
      messages: 2,
    });
    expect((await listed(['--project', betaDir])).map((s) => s.id).sort()).toEqual([BETA, GAMMA].sort());
    const text = await desk(['history']);
    expect(text.stdout).toContain(ALPHA);
    expect(text.stdout).toContain(alphaDir);
  });

  it('--search finds the one session that holds a nonce', async () => {
    const hits = await listed(['--search', 'nonce-beta-77']);
    expect(hits.map((s) => s.id)).toEqual([BETA]);
  });

  it('chat --session continues the session in its folder: the CLI resumes it and the API sees the earlier turns', async () => {
    mock.requests.length = 0;
    const res = await desk(['chat', '--session', ALPHA, 'A follow-up from Claude Desk']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('Hello from the mock API.\n');
    const sent = JSON.stringify(mock.requests.at(-1)!.body.messages);
    expect(sent).toContain('Remember the word NONCE-ALPHA-42');
    expect(sent).toContain('A follow-up from Claude Desk');
    expect(sent).not.toContain('conversation-history'); // resumed, not a transcript handed over
    // The terminal sees the new turn too: it is in the same CLI session, now tied to a thread.
    const after = (await listed()).find((s) => s.id === ALPHA)!;
    expect(after).toMatchObject({ messages: 6, threadId: expect.any(String) });
  });

  it('a session the CLI deleted after it was indexed is still listed, found, and can be continued', async () => {
    await fs.rm(path.join(base.home, '.claude', 'projects', betaDir.replace(/[^A-Za-z0-9]/g, '-'), `${GAMMA}.jsonl`));
    const gamma = (await listed()).find((s) => s.id === GAMMA);
    expect(gamma).toMatchObject({ source: 'copy', title: 'A third one, soon deleted NONCE-GAMMA-5' });
    expect((await listed(['--search', 'nonce-gamma-5'])).map((s) => s.id)).toEqual([GAMMA]);
    mock.requests.length = 0;
    const res = await desk(['chat', '--session', GAMMA, 'Still there?']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('could not be resumed');
    // A fresh session is handed the transcript (the engine's stale-resume fallback).
    const sent = JSON.stringify(mock.requests.at(-1)!.body.messages);
    expect(sent).toContain('NONCE-GAMMA-5');
    expect(sent).toContain('Still there?');
  });
});
