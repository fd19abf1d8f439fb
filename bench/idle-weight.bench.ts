/**
 * Idle weight: the app's whole process tree (host + every Claude Code process it started) after 3 threads × 2 turns and
 * 60 s idle, and again after the idle limit, beside one raw `claude` process. The REAL CLI against the mock Messages
 * API, the app as it ships (bundled, bench/built-desk-app.ts) in browser mode's profile (keeps and pre-warms).
 * The idle limit is injected, CLAUDE_DESK_KEEP_IDLE_MINUTES (the app's default is 10 minutes), so the run does not
 * wait 10 minutes: BENCH_IDLE_LIMIT_S, default 75 s. The host's figure is this bench's own process: the app, plus
 * tsx and the in-process mock API (a few MB). Linux only (it reads /proc). Fails if more than 2 CLIs wait after
 * 60 s idle, or any after the limit.
 * Run: npx tsx bench/idle-weight.bench.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMockAnthropicApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import type { TurnEvent } from '../src/shared/turn-events';
import { loadDeskApp } from './built-desk-app';

const IDLE_S = 60;
const LIMIT_S = Math.max(IDLE_S + 5, Number(process.env.BENCH_IDLE_LIMIT_S) || 75);
const MB = 1024 * 1024;

if (process.platform !== 'linux') {
  console.log('idle weight: skipped (reads /proc; Linux only)');
  process.exit(0);
}

/** Resident memory of a process (bytes), or 0 once it is gone. */
function rss(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every process below `root`, by parent pid, with its command line. */
function descendants(root: number): { pid: number; cmd: string }[] {
  const parents = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const ppid = readParent(pid);
      parents.set(ppid, [...(parents.get(ppid) ?? []), pid]);
    } catch {
      // gone meanwhile
    }
  }
  const out: { pid: number; cmd: string }[] = [];
  const walk = (pid: number) => {
    for (const child of parents.get(pid) ?? []) {
      let cmd: string;
      try {
        cmd = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        continue;
      }
      out.push({ pid: child, cmd });
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** Claude Code itself (its executable), not the wall (bwrap) it runs in. */
const isCli = (cmd: string) => /(^|\/)claude(\.exe)?$/.test(cmd.split(' ')[0] ?? '');
/** tsx's esbuild service: this bench's loader, not the app. */
const isBenchTooling = (cmd: string) => cmd.includes('/esbuild');

/**
 * The tree now: the host, the CLIs with what they run in and start (bwrap, their tools), and the rest (the crash
 * watchdog's shell). tsx's esbuild service is left out.
 */
function tree(): { host: number; clis: number[]; cliBytes: number; other: number } {
  const below = descendants(process.pid);
  let cliBytes = 0;
  let other = 0;
  const clis: number[] = [];
  // Each direct child of the host: a CLI's branch (the wall and the CLI under it) or something else.
  for (const top of below.filter((p) => readParent(p.pid) === process.pid)) {
    if (isBenchTooling(top.cmd)) continue;
    const branch = [top, ...descendants(top.pid)];
    const inside = branch.filter((p) => isCli(p.cmd));
    const bytes = branch.reduce((sum, p) => sum + rss(p.pid), 0);
    if (inside.length > 0) {
      clis.push(...inside.map((p) => p.pid));
      cliBytes += bytes;
    } else other += bytes;
  }
  return { host: rss(process.pid), clis, cliBytes, other };
}

/** The parent pid: the 2nd field after the command name in parentheses (which may itself hold spaces). */
function readParent(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

const line = (label: string, t: ReturnType<typeof tree>) =>
  console.log(
    `  ${label.padEnd(44)} ${String(t.clis.length).padStart(2)} CLIs · tree ${((t.host + t.cliBytes + t.other) / MB).toFixed(0)} MB` +
      ` (host ${(t.host / MB).toFixed(0)} MB, CLIs ${(t.cliBytes / MB).toFixed(0)} MB, other ${(t.other / MB).toFixed(0)} MB)`,
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One raw `claude` answering one turn in stream-json, measured while it waits for the next (like a kept one). */
async function rawCliRss(env: Record<string, string>, cwd: string): Promise<number> {
  const child = spawn(
    realCliPath(),
    ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
    { env, cwd, stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const result = new Promise<void>((resolve) => {
    let buf = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      if (buf.includes('"type":"result"')) resolve();
    });
    child.once('exit', () => resolve());
  });
  child.stdin.write(
    JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'hi' }] } }) + '\n',
  );
  await result;
  await sleep(2_000); // settled, as a kept process would be
  const bytes = rss(child.pid!); // the process alone (no wall), as one CLI of the app's would be
  child.stdin.end();
  child.kill('SIGTERM');
  return bytes;
}

const mock = await startMockAnthropicApi();
const cli = realCliEnv(mock);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-bench-idle-'));
const project = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-bench-idle-project-'));
const { createDeskApp } = await loadDeskApp();
const desk = await createDeskApp({
  host: 'web',
  env: {
    ...cli.env,
    CLAUDE_DESK_CLI: realCliPath(),
    CLAUDE_DESK_DATA_DIR: dataDir,
    CLAUDE_DESK_KEEP_IDLE_MINUTES: String(LIMIT_S / 60),
  },
});
let failed = false;
try {
  const finished = new Map<string, () => void>();
  desk.bus.subscribe((event, payload) => {
    const e = payload as TurnEvent;
    if (event === 'turnEvent' && e.type === 'finished') finished.get(e.threadId)?.();
  });
  console.log(`idle weight: 3 threads × 2 turns, real CLI, idle limit ${LIMIT_S} s (injected; the app's is 10 min)`);
  for (let t = 0; t < 3; t++) {
    const thread = await desk.handlers.createThread({ settings: { projectDir: project } });
    await desk.handlers.prepareTurn({ threadId: thread.id }); // opened: its first turn pre-warms
    for (const text of ['first question', 'second question']) {
      const done = new Promise<void>((resolve) => finished.set(thread.id, resolve));
      await desk.handlers.sendMessage({ threadId: thread.id, text });
      await done;
    }
  }
  await sleep(2_000);
  line('just after the last answer', tree());
  await sleep(IDLE_S * 1000);
  const idle = tree();
  line(`after ${IDLE_S} s idle`, idle);
  // Past the limit: polled, since a process takes a moment to exit after it is told to.
  const until = Date.now() + (LIMIT_S - IDLE_S + 30) * 1000;
  let after = tree();
  while (after.clis.length > 0 && Date.now() < until) {
    await sleep(1_000);
    after = tree();
  }
  line(`after the idle limit (${LIMIT_S} s)`, after);
  const raw = await rawCliRss(cli.env, project);
  console.log(`  ${'one raw claude process, after one turn'.padEnd(44)} ${(raw / MB).toFixed(0)} MB`);
  if (idle.clis.length > 2) {
    console.log(`  FAIL: ${idle.clis.length} CLIs waited after ${IDLE_S} s idle (at most 2)`);
    failed = true;
  }
  if (after.clis.length > 0) {
    console.log(`  FAIL: ${after.clis.length} CLIs still waited after the idle limit`);
    failed = true;
  }
} finally {
  await desk.shutdown();
  await mock.close();
  cli.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(project, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
