/**
 * Peak memory of a turn with a huge tool result ("≤ 2× the line size plus a normal turn's").
 * The app as shipped (createDeskApp, browser-mode host) drives the fake CLI (test/fixtures/fake-claude.mjs):
 *  (a) a normal turn (a streamed answer)
 *  (b) a turn whose tool-result line is BENCH_BIG_MIB MiB (default 64), then a streamed answer
 *  (c) reopening (b)'s thread in a fresh app, and reading the last page of the stored result ("Show all" → Last)
 * Each case runs in its own Node process (a fresh heap), measured by the kernel's high-water mark (maxRSS) above
 * the RSS just before the case started. Prints each case, (b − a) / line size — the ratio the issue bounds — and
 * the thread log's size (the issue saw ~900 MiB; the result is stored once beside it).
 * Run: npx tsx bench/big-tool-result.bench.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp } from '../src/app/desk-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const fakeClaude = path.join(here, '../test/fixtures/fake-claude.mjs');
const BIG_MIB = Math.max(1, Number(process.env.BENCH_BIG_MIB) || 64);
const MiB = 1024 * 1024;

interface CaseResult {
  before: number;
  peak: number;
  threadId?: string;
}

const deskEnv = (dataDir: string, mode: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: dataDir,
  ANTHROPIC_API_KEY: 'sk-ant-test',
  CLAUDE_DESK_DATA_DIR: dataDir,
  CLAUDE_DESK_CLI: fakeClaude,
  CLAUDE_DESK_SANDBOX: '0',
  CLAUDE_DESK_PREWARM: '0',
  FAKE_CLAUDE_MODE: mode,
});

const rss = () => process.memoryUsage().rss;
const maxRss = () => process.resourceUsage().maxRSS * 1024;

/** One case in this (child) process; prints its result as the last line of stdout. */
async function runCase(kind: string, dataDir: string, threadId?: string): Promise<CaseResult> {
  const mode = kind === 'big' ? `big-tool-result:${BIG_MIB}` : 'text';
  const desk = await createDeskApp({ host: 'web', env: deskEnv(dataDir, mode), rewindSnapshots: false });
  try {
    if (kind === 'reopen') {
      const before = Math.max(rss(), maxRss());
      const thread = await desk.services.threads.get(threadId ?? '');
      if (!thread || thread.messages.length !== 2 || thread.problem) throw new Error('the thread did not reopen whole');
      const last = await desk.handlers.readToolResult({ threadId: threadId ?? '', toolUseId: 'toolu_big' });
      if (!last) throw new Error('the stored result is gone');
      const page = await desk.handlers.readToolResult({
        threadId: threadId ?? '',
        toolUseId: 'toolu_big',
        offset: Math.max(0, last.total - 128 * 1024),
      });
      if (!page?.text.endsWith('END')) throw new Error('the last page does not end as the tool output did');
      return { before, peak: maxRss() };
    }
    const thread = await desk.services.threads.create({ title: kind });
    // Both cases are the app's first turn, so what a first turn costs (its first spawn) cancels out in b − a.
    const before = Math.max(rss(), maxRss());
    const { done } = await desk.services.turns.send({ threadId: thread.id, text: 'Read the big file' });
    await done;
    await desk.services.threads.flush?.();
    const answer = (await desk.services.threads.get(thread.id))?.messages[1];
    if (answer?.role !== 'assistant' || answer.status !== 'done') throw new Error('the turn did not answer');
    return { before, peak: maxRss(), threadId: thread.id };
  } finally {
    await desk.shutdown();
  }
}

function inChild(kind: string, dataDir: string, threadId?: string): CaseResult {
  const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_CASE: kind, BENCH_DATA_DIR: dataDir, BENCH_THREAD: threadId ?? '' },
    encoding: 'utf8',
    maxBuffer: 16 * MiB,
  });
  if (r.status !== 0) throw new Error(`case ${kind} failed (${r.status ?? r.signal}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as CaseResult;
}

const fmt = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

async function main(): Promise<void> {
  if (process.env.BENCH_CASE) {
    const result = await runCase(process.env.BENCH_CASE, process.env.BENCH_DATA_DIR ?? '', process.env.BENCH_THREAD);
    process.stdout.write(`\n${JSON.stringify(result)}\n`);
    process.exit(0); // a lingering handle of the app must not keep the case (and the measurement) open
  }
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-bench-bigresult-')));
  try {
    const lineBytes = BIG_MIB * MiB;
    const normal = inChild('normal', dirs[0]!);
    const big = inChild('big', dirs[1]!);
    const reopen = inChild('reopen', dirs[1]!, big.threadId);
    const normalUp = normal.peak - normal.before;
    const bigUp = big.peak - big.before;
    const reopenUp = reopen.peak - reopen.before;
    const log = fs.statSync(path.join(dirs[1]!, 'state', 'threads', `${big.threadId}.jsonl`)).size;
    console.log(`normal turn:                 peak +${fmt(normalUp)} above the app before it`);
    console.log(`turn with a ${BIG_MIB} MiB tool result: peak +${fmt(bigUp)}`);
    console.log(`reopen that thread + last page: peak +${fmt(reopenUp)}`);
    console.log(`thread log after the big turn: ${(log / 1024).toFixed(0)} KiB`);
    console.log(
      `peak-memory ratio (big − normal) / line size: ${((bigUp - normalUp) / lineBytes).toFixed(2)}× (target ≤ 2×)`,
    );
  } finally {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

await main();
