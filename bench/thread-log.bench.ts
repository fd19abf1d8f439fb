/**
 * Reading a long thread's log: `readThreadLogFile` (each line parsed, checked against its schema and folded)
 * against the floor of any reader, the same lines read and JSON.parse'd only, interleaved, medians of 7.
 * The schema check must stay a small part of the cost (goal: ratio ≤ 1.5; the old cast-then-check reader measured 1.45× beside 1.36× for this one).
 * Run: npx tsx bench/thread-log.bench.ts   (BENCH_LOG_MB, default 50)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { readThreadLogFile, serializeRecords, type LogRecord } from '../src/core/store/thread-log';

const MB = Number(process.env.BENCH_LOG_MB) || 50;
const RUNS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Answers of a few KB (a tool result and text), each saved as two snapshots the way a streaming turn is. */
function records(mb: number): LogRecord[] {
  const para = 'This answer explains one step of the change in some detail, with `code` and a list. '.repeat(40);
  const result = Array.from({ length: 80 }, (_, k) => `${k + 1}\tconst line${k} = compute(${k});`).join('\n');
  const totals = { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0, turns: 0 };
  const out: LogRecord[] = [{ op: 'meta', at: 0, title: 'Big', createdAt: 0, settings: {}, totals }];
  for (let i = 0, size = 0; size < mb * 1024 * 1024; i++) {
    out.push({ op: 'user', at: i, message: { id: `u${i}`, role: 'user', createdAt: i, text: `Question ${i}` } });
    for (const half of [1, 2]) {
      const parts = [
        { kind: 'tool' as const, toolUseId: `t${i}`, name: 'Read', input: { file_path: `/p/f${i}.ts` }, result },
        { kind: 'text' as const, text: para.slice(0, (para.length * half) / 2) },
      ];
      const status = half === 2 ? 'done' : 'running';
      out.push({ op: 'assistant', at: i, message: { id: `a${i}`, role: 'assistant', createdAt: i, status, parts } });
    }
    size += para.length * 1.5 + result.length * 2 + 400;
  }
  return out;
}

async function parseOnly(file: string): Promise<number> {
  let n = 0;
  const rl = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of rl) if (line && JSON.parse(line)) n++;
  return n;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-bench-log-'));
const file = path.join(dir, 'big.jsonl');
try {
  fs.writeFileSync(file, serializeRecords(records(MB)));
  const times = { floor: [] as number[], reader: [] as number[] };
  let messages = 0;
  for (let run = 0; run < RUNS; run++) {
    let t0 = performance.now();
    await parseOnly(file);
    times.floor.push(performance.now() - t0);
    t0 = performance.now();
    messages = (await readThreadLogFile('big', file)).messages.length;
    times.reader.push(performance.now() - t0);
  }
  const [floor, reader] = [median(times.floor), median(times.reader)];
  console.log(`thread log: ${(fs.statSync(file).size / 1e6).toFixed(1)} MB, ${messages} messages`);
  console.log(`  lines read + JSON.parse only: ${floor.toFixed(0)} ms (median of ${RUNS})`);
  console.log(`  readThreadLogFile (checked):  ${reader.toFixed(0)} ms = ${(reader / floor).toFixed(2)}× (goal ≤ 1.5)`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
