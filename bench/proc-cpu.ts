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
