/**
 * A long thread costs nothing on the way to the first token: Enter → first text delta on a
 * ~50 MB thread against a small one, the app as shipped (real CLI, mock API, kept processes), interleaved
 * (small, big, small, big …), turns 2+ as min–median–max. Goal: big/small ≤ 1.1.
 * Run: npx tsx bench/big-thread.bench.ts   (BENCH_TURNS, default 7; BENCH_BIG_MB, default 50)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMockAnthropicApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { createDeskApp } from '../src/app/desk-app';
import type { ChatMessage } from '../src/shared/threads';
import type { TurnEvent } from '../src/shared/turn-events';

const TURNS = Math.max(3, Number(process.env.BENCH_TURNS) || 7);
const BIG_MB = Number(process.env.BENCH_BIG_MB) || 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Realistic bulk: answers of a few KB each (text and a tool result), until the log is about `mb` MB. */
function bulk(mb: number): ChatMessage[] {
  const out: ChatMessage[] = [];
  const para = 'This answer explains one step of the change in some detail, with `code` and a list. '.repeat(40);
  const result = Array.from({ length: 80 }, (_, k) => `${k + 1}\tconst line${k} = compute(${k});`).join('\n');
  for (let i = 0, size = 0; size < mb * 1024 * 1024; i++) {
    out.push({ id: `u${i}`, role: 'user', createdAt: i, text: `Question ${i}: what next?` });
    out.push({
      id: `a${i}`,
      role: 'assistant',
      createdAt: i,
      status: 'done',
      parts: [
        { kind: 'tool', toolUseId: `t${i}`, name: 'Read', input: { file_path: `/p/f${i}.ts` }, result },
        { kind: 'text', text: para },
      ],
    } as ChatMessage);
    size += para.length + result.length + 200;
  }
  return out;
}

const mock = await startMockAnthropicApi();
const cli = realCliEnv(mock);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-bench-big-'));
const desk = await createDeskApp({
  host: 'web',
  env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir },
});
try {
  const small = await desk.handlers.createThread(undefined);
  const big = await desk.handlers.createThread(undefined);
  await desk.services.threads.importMessages(big.id, bulk(BIG_MB));
  const bytes = fs.statSync(path.join(desk.layout.threadsDir, `${big.id}.jsonl`)).size;
  let listener: ((e: TurnEvent) => void) | undefined;
  desk.bus.subscribe((event, payload) => event === 'turnEvent' && listener?.(payload as TurnEvent));
  const turn = async (threadId: string, text: string): Promise<number> => {
    let first = NaN;
    const t0 = performance.now();
    const done = new Promise<void>((resolve, reject) => {
      listener = (e) => {
        if (e.threadId !== threadId) return;
        if (e.type === 'text_delta' && Number.isNaN(first)) first = performance.now() - t0;
        if (e.type === 'result') resolve();
        if (e.type === 'error') reject(new Error(e.error.message));
      };
    });
    await desk.handlers.sendMessage({ threadId, text });
    await done;
    return first;
  };
  const times = { small: [] as number[], big: [] as number[] };
  for (let round = 0; round < TURNS; round++) {
    for (const [name, id] of round % 2
      ? ([
          ['big', big.id],
          ['small', small.id],
        ] as const)
      : ([
          ['small', small.id],
          ['big', big.id],
        ] as const)) {
      await sleep(1500);
      const ms = await turn(id, `Turn ${round + 1}: say hello`);
      if (round > 0) times[name].push(ms);
    }
  }
  const fmt = (xs: number[]) =>
    `${Math.min(...xs).toFixed(0)}–${median(xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} ms`;
  console.log(
    `big thread: ${(bytes / 1024 / 1024).toFixed(1)} MB log; ${TURNS} turns each, interleaved; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`  Enter → first delta, turns 2+ (min–median–max): small ${fmt(times.small)}, big ${fmt(times.big)}`);
  console.log(`  big/small (medians) ${(median(times.big) / median(times.small)).toFixed(2)} (goal ≤ 1.1)`);
} finally {
  await desk.shutdown();
  await mock.close();
  cli.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
