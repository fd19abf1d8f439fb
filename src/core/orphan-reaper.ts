import { PROCESS_TAG_ENV, type ProcessSweeper } from './process-sweep';
import { type StartProcess, startProcess } from './process-runner';

/**
 * A tiny watchdog that outlives a SIGKILLed app: it is started detached with its stdin a pipe from the
 * app, and when that pipe closes without a goodbye — the app crashed or was killed with SIGKILL, which no handler
 * in the app can catch — it kills every process tagged by this app instance (process-sweep.ts) and
 * leaves. Without it a Bash tool (and, without the OS wall, the CLI itself) ran on after the app died.
 * Plain JavaScript in a string: it runs in a bare `node` (Electron with ELECTRON_RUN_AS_NODE), without
 * the app's bundle.
 */
const REAPER_SOURCE = `
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const prefix = ${JSON.stringify(`${PROCESS_TAG_ENV}=`)} + process.argv[1] + '.';
function tagged() {
  const out = [];
  if (process.platform === 'linux') {
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\\d+$/.test(name) || Number(name) === process.pid) continue;
      try {
        const env = fs.readFileSync('/proc/' + name + '/environ', 'latin1');
        const at = env.indexOf(prefix);
        if (at === 0 || (at > 0 && env[at - 1] === '\\0')) out.push(Number(name));
      } catch {}
    }
  } else if (process.platform === 'darwin') {
    try {
      const text = execFileSync('/bin/ps', ['-axEww', '-o', 'pid=,command='], { encoding: 'utf8', timeout: 5000, maxBuffer: 64 << 20 });
      for (const line of text.split('\\n')) {
        const m = /^\\s*(\\d+)\\s(.*)$/.exec(line);
        if (m && Number(m[1]) !== process.pid && (' ' + m[2]).includes(' ' + prefix)) out.push(Number(m[1]));
      }
    } catch {}
  }
  return out;
}
function sweep(round) {
  const pids = tagged();
  for (const pid of pids) { try { process.kill(pid, 'SIGKILL'); } catch {} }
  if (pids.length > 0 && round < 5) setTimeout(() => sweep(round + 1), 100);
  else process.exit(0);
}
let said = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => { said += d; });
// "bye" first: the app shut down normally (its turns already ended), so nothing is swept.
const done = () => (said.includes('bye') ? process.exit(0) : sweep(0));
process.stdin.on('end', done);
process.stdin.on('error', done);
process.stdin.resume();
`;

export interface OrphanReaper {
  /** The reaper's pid (tests), or undefined when it could not start. */
  readonly pid: number | undefined;
  /** Normal shutdown: the app already stopped its turns; the reaper leaves without sweeping. */
  close(): void;
}

export function startOrphanReaper(
  owner: string,
  execPath = process.execPath,
  start: StartProcess = startProcess,
): OrphanReaper {
  if (process.platform === 'win32') return { pid: undefined, close: () => {} };
  try {
    const child = start(execPath, ['-e', REAPER_SOURCE, owner], {
      stdio: ['pipe', 'ignore', 'ignore'],
      ownGroup: true, // its own group: a Ctrl-C or group kill aimed at the app must not take it first
      env: { PATH: process.env.PATH ?? '', ELECTRON_RUN_AS_NODE: '1' },
    });
    child.on('error', () => {});
    child.stdin?.on('error', () => {});
    child.unref();
    // The pipe must not keep the app's event loop alive either.
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return { pid: child.pid, close: () => child.stdin?.end('bye\n') };
  } catch {
    return { pid: undefined, close: () => {} };
  }
}

/**
 * The app's sweeper, its watchdog started at the first tag — just before the first tagged spawn. A run that starts
 * no CLI (`claude-desk status`, a window never used) does not pay for the extra node process.
 */
export function reapedSweeper(
  sweeper: ProcessSweeper & { owner: string },
  onFirstTag: () => void = () => {},
  start: (owner: string) => OrphanReaper = startOrphanReaper,
): ProcessSweeper & { readonly reaperPid: number | undefined; close(): void } {
  let reaper: OrphanReaper | undefined;
  return {
    newTag: () => {
      if (!reaper) {
        reaper = start(sweeper.owner);
        onFirstTag();
      }
      return sweeper.newTag();
    },
    sweep: (tag) => sweeper.sweep(tag),
    sweepOutsideGroup: (tag, leader) => sweeper.sweepOutsideGroup(tag, leader),
    get reaperPid() {
      return reaper?.pid;
    },
    close: () => reaper?.close(),
  };
}
