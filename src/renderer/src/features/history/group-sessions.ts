/** The History list's shape: pinned sessions first, then one group per project (most recent first), by date. */
import type { HistorySession } from '../../../../shared/history';

export interface DateBucket {
  label: string;
  sessions: HistorySession[];
}

export interface ProjectGroup {
  project: string;
  /** The folder's last part, as a heading. */
  label: string;
  buckets: DateBucket[];
}

export const baseName = (dir: string): string =>
  dir
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/)
    .pop() || dir;

const DAY = 86_400_000;

/** Today / Yesterday / Previous 7 days / Previous 30 days / "Mar 2026": the buckets people expect. */
export function dateLabel(ts: number, now: number): string {
  const startOfToday = new Date(now).setHours(0, 0, 0, 0);
  if (ts >= startOfToday) return 'Today';
  if (ts >= startOfToday - DAY) return 'Yesterday';
  if (ts >= startOfToday - 7 * DAY) return 'Previous 7 days';
  if (ts >= startOfToday - 30 * DAY) return 'Previous 30 days';
  const d = new Date(ts);
  return d.toLocaleString('en', { month: 'long', year: 'numeric' });
}

export function groupSessions(
  sessions: HistorySession[],
  now: number,
): { pinned: HistorySession[]; projects: ProjectGroup[] } {
  const sorted = [...sessions].sort((a, b) => b.lastAt - a.lastAt);
  const pinned = sorted.filter((s) => s.pinned);
  const byProject = new Map<string, HistorySession[]>();
  for (const s of sorted) {
    if (s.pinned) continue;
    const list = byProject.get(s.project) ?? [];
    list.push(s);
    byProject.set(s.project, list);
  }
  const projects: ProjectGroup[] = [];
  for (const [project, list] of byProject) {
    const buckets: DateBucket[] = [];
    for (const s of list) {
      const label = dateLabel(s.lastAt, now);
      const last = buckets.at(-1);
      if (last?.label === label) last.sessions.push(s);
      else buckets.push({ label, sessions: [s] });
    }
    projects.push({ project, label: baseName(project), buckets });
  }
  return { pinned, projects };
}
