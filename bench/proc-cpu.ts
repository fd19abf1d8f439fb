/**
 * CPU time a set of processes used, for benches that ask who took the two cores in a window: Linux's
 * /proc/<pid>/task/<tid>/schedstat (time on a CPU, in nanoseconds, per thread) summed over a process tree.
 * Elsewhere (no /proc) every figure is NaN and the bench prints n/a.
 */
import fs from 'node:fs';

/** The pid and every descendant of it now (children listed by the kernel, walked down). */
export function processTree(root: number): number[] {
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const task of safeList(`/proc/${pid}/task`)) {
      const kids = safeRead(`/proc/${pid}/task/${task}/children`).trim();
      if (kids) for (const k of kids.split(/\s+/)) walk(Number(k));
    }
  };
  if (fs.existsSync(`/proc/${root}`)) walk(root);
  return out;
}

/** Milliseconds on a CPU so far, summed over the processes' threads (NaN without /proc). */
export function cpuMs(pids: number[]): number {
  if (!fs.existsSync('/proc/self/task')) return NaN;
  let ns = 0;
  for (const pid of pids)
    for (const task of safeList(`/proc/${pid}/task`))
      ns += Number(safeRead(`/proc/${pid}/task/${task}/schedstat`).split(' ')[0]) || 0;
  return ns / 1e6;
}

/**
 * One thread's time on a CPU and time runnable but waiting for one (the run queue), in ms since it started: the
 * first two fields of /proc/<pid>/task/<tid>/schedstat. A task whose wall time far exceeds its CPU time either waited
 * for a CPU (this wait grows) or for something else (it does not). NaN without /proc.
 */
export function threadSched(pid: number, tid = pid): { cpu: number; wait: number } {
  const [cpu, wait] = safeRead(`/proc/${pid}/task/${tid}/schedstat`).split(' ').map(Number);
  return { cpu: (cpu ?? NaN) / 1e6, wait: (wait ?? NaN) / 1e6 };
}

/** The machine's CPU time in use so far, every core and process summed (ms; /proc/stat), NaN without /proc. */
export function machineBusyMs(): number {
  const line = safeRead('/proc/stat').split('\n')[0] ?? '';
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  if (f.length < 8) return NaN;
  const [user, nice, system, , , irq, softirq, steal] = f as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const hz = 100; // USER_HZ on Linux
  return ((user + nice + system + irq + softirq + steal) * 1000) / hz;
}

/** The Chromium renderer processes among the pids (their command line says --type=renderer). */
export function rendererPids(pids: number[]): number[] {
  return pids.filter((pid) => safeRead(`/proc/${pid}/cmdline`).includes('--type=renderer'));
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
