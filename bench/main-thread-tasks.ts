/**
 * The renderer's main-thread tasks from a Chromium trace, for the Chromium renderer bench: each task's wall time
 * (`dur`) and the CPU time its thread got during it (`tdur`), and where the wall time went.
 *
 * On a 2-core machine shared with other processes a task's wall time also counts the time the OS ran something
 * else while the task was under way; its CPU time does not. A task long in wall time and short in CPU time was
 * not busy: it was descheduled (or waited). Both are reported, so a run says which goal each meets.
 */

/** Categories that give the main thread's tasks (`RunTask`, with thread time) and what ran inside them. */
export const TASK_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tts?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/** A span of the main thread: µs of wall time and of thread (CPU) time. */
interface Span {
  name: string;
  ts: number;
  dur: number;
  tdur: number;
  children: Span[];
}

export interface Task {
  /** ms */
  wall: number;
  /** ms of CPU the main thread got during the task */
  cpu: number;
  /** where it went: the task's own time by event name (ms wall / ms CPU), biggest first */
  inside: { name: string; wall: number; cpu: number }[];
}

/** The busiest renderer main thread (CrRendererMain) in the trace: the page under test. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number } | null = null;
  let bestTime = -1;
  for (const m of mains) {
    const time = events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask' && e.ph === 'X')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (time > bestTime) [best, bestTime] = [{ pid: m.pid, tid: m.tid }, time];
  }
  return best;
}

/** The thread's events as nested spans (complete events, and begin/end pairs joined). */
function spans(events: TraceEvent[]): Span[] {
  const flat: Span[] = [];
  const open: TraceEvent[] = [];
  for (const e of events) {
    if (e.ph === 'X' && e.dur !== undefined)
      flat.push({ name: label(e), ts: e.ts, dur: e.dur, tdur: e.tdur ?? 0, children: [] });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b)
        flat.push({
          name: label(b),
          ts: b.ts,
          dur: e.ts - b.ts,
          tdur: b.tts !== undefined && e.tts !== undefined ? e.tts - b.tts : 0,
          children: [],
        });
    }
  }
  // Outer first: by start, then the longer one.
  flat.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const roots: Span[] = [];
  const stack: Span[] = [];
  for (const s of flat) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur < s.ts + s.dur) stack.pop();
    (stack.length ? stack.at(-1)!.children : roots).push(s);
    stack.push(s);
  }
  return roots;
}

const label = (e: TraceEvent) =>
  e.name === 'EventDispatch' && e.args?.data?.type ? `Event ${e.args.data.type}` : e.name;

/** Each name's own time inside the span (its time less its children's). */
function selfTimes(span: Span, into: Map<string, { wall: number; cpu: number }>): void {
  const kids = span.children;
  const wall = span.dur - kids.reduce((s, k) => s + k.dur, 0);
  const cpu = span.tdur - kids.reduce((s, k) => s + k.tdur, 0);
  const t = into.get(span.name) ?? { wall: 0, cpu: 0 };
  into.set(span.name, { wall: t.wall + Math.max(0, wall), cpu: t.cpu + Math.max(0, cpu) });
  for (const k of kids) selfTimes(k, into);
}

/** Every task of the page's main thread in the trace (the JSON Chromium's tracing wrote). */
export function mainThreadTasks(traceJson: string): Task[] {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = mainThread(events);
  if (!main) return [];
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  return spans(mine)
    .filter((s) => s.name === 'RunTask')
    .map((s) => {
      const by = new Map<string, { wall: number; cpu: number }>();
      selfTimes(s, by);
      const inside = [...by]
        .map(([name, t]) => ({ name, wall: t.wall / 1000, cpu: t.cpu / 1000 }))
        .sort((a, b) => b.wall - a.wall);
      return { wall: s.dur / 1000, cpu: s.tdur / 1000, inside };
    });
}

/** The phase's tasks against the goal (no task over 100 ms), by wall time and by CPU time. */
export function taskSummary(tasks: Task[], limitMs = 100) {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  if (tasks.length === 0)
    return { long: 'no task traced', p90Cpu: '', byWall: '', byCpu: '', wallOk: false, cpuOk: false };
  const byWall = tasks.reduce((a, b) => (b.wall > a.wall ? b : a));
  const byCpu = tasks.reduce((a, b) => (b.cpu > a.cpu ? b : a));
  // Most of a scroll's tasks are its frames: the 90th percentile of those doing work says what a frame costs.
  const busy = tasks
    .map((t) => t.cpu)
    .filter((c) => c > 1)
    .sort((a, b) => a - b);
  return {
    long: String(tasks.filter((t) => t.wall > 50).length),
    p90Cpu: busy.length ? ms(busy[Math.floor((busy.length - 1) * 0.9)]!) : '',
    byWall: `${ms(byWall.wall)} (${ms(byWall.cpu)})`,
    byCpu: `${ms(byCpu.cpu)} (${ms(byCpu.wall)})`,
    wallOk: byWall.wall <= limitMs,
    cpuOk: byCpu.cpu <= limitMs,
  };
}

/** The task's biggest items, for a reader looking at where a long task went. */
export function describeInside(task: Task, n = 5): string {
  return task.inside
    .slice(0, n)
    .map((i) => `${i.name} ${i.wall.toFixed(1)}/${i.cpu.toFixed(1)}`)
    .join(', ');
}
