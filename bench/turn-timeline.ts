/**
 * Where a turn's first-token time goes, for the first-token bench: timestamps along
 * Enter → user line written to the CLI's stdin → the mock API receives the request → the first text delta's
 * bytes arrive on the CLI's stdout (in this process) → the client sees the delta.
 * Bench-only instrumentation: it wraps Socket.prototype.write/push of THIS process (child process pipes are
 * sockets), so every variant that talks to a CLI through pipes is timed by the same hooks.
 */
import net from 'node:net';
import { median } from './bench-stats';
import type { MockApiProcess } from './mock-api-process';

export interface Marks {
  /** ms after Enter */
  write?: number;
  request?: number;
  stdout?: number;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
let current: { t0: number; marks: Marks } | null = null;
const mark = (key: keyof Marks, at = now()) => {
  if (current && current.marks[key] === undefined) current.marks[key] = at - current.t0;
};
const text = (chunk: unknown) =>
  typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';

/** Install the hooks once; the mock's process reports when each request reached it. */
export function installTurnTimeline(mock: MockApiProcess): void {
  const proto = net.Socket.prototype as unknown as {
    write: (...args: unknown[]) => boolean;
    push: (chunk: unknown, ...rest: unknown[]) => boolean;
  };
  const write = proto.write;
  proto.write = function (this: net.Socket, ...args: unknown[]) {
    if (current && text(args[0]).includes('"type":"user"')) mark('write');
    return write.apply(this, args);
  };
  const push = proto.push;
  proto.push = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
    if (current) {
      const s = text(chunk);
      if (s.includes('"stream_event"') && s.includes('"text_delta"')) mark('stdout');
    }
    return push.call(this, chunk, ...rest);
  };
  mock.onRequest((at) => mark('request', at));
}

/** Start timing a turn at Enter; returns the marks object the hooks fill in. */
export function beginTurn(): Marks {
  current = { t0: now(), marks: {} };
  return current.marks;
}

/** The table: medians of each step (turns 2+), per variant. */
export function printTimeline(rows: { name: string; marks: (Marks & { delta: number })[] }[]): void {
  console.log('\n  where the time goes, turns 2+, medians (ms): each step, and its time after Enter in brackets');
  console.log(
    `  ${'variant'.padEnd(36)} ${'Enter→stdin'.padEnd(13)} ${'stdin→API req'.padEnd(15)} ${'req→stdout'.padEnd(12)} ${'stdout→client'.padEnd(14)} Enter→delta`,
  );
  for (const r of rows) {
    const m = (f: (x: Marks & { delta: number }) => number | undefined) => median(r.marks.map((x) => f(x) ?? NaN));
    const write = m((x) => x.write);
    const req = m((x) => x.request);
    const out = m((x) => x.stdout);
    const delta = m((x) => x.delta);
    const step = (a: number, b: number) => (Number.isFinite(a - b) ? (a - b).toFixed(1) : 'n/a');
    const at = (a: number) => (Number.isFinite(a) ? ` [${a.toFixed(0)}]` : '');
    console.log(
      `  ${r.name.padEnd(36)} ${`${step(write, 0)}${at(write)}`.padEnd(13)} ${`${step(req, write)}${at(req)}`.padEnd(15)} ${`${step(out, req)}${at(out)}`.padEnd(12)} ${step(delta, out).padEnd(14)} ${delta.toFixed(1)}`,
    );
  }
}
