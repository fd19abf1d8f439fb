/**
 * The History list's shape: pinned sessions first, then one group per project (most recent first), by date. A
 * repository's worktrees are in its group (each of their sessions is marked with its branch), not one group each.
 */
import type { HistorySession } from '../../../../shared/history';
import { byDate, type ListRow } from '../../ui/grouped-list';

export const baseName = (dir: string): string =>
  dir
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/)
    .pop() || dir;

/** The rows the History tab shows: headings and sessions in one flat run (ui/grouped-list.tsx). */
export function historyRows(sessions: HistorySession[], now: number): ListRow<HistorySession>[] {
  const sorted = [...sessions].sort((a, b) => b.lastAt - a.lastAt);
  const rows: ListRow<HistorySession>[] = [];
  const pinned = sorted.filter((s) => s.pinned);
  if (pinned.length > 0) {
    rows.push({ kind: 'heading', key: 'pinned', label: 'Pinned', level: 'group', icon: 'pin' });
    for (const s of pinned) rows.push({ kind: 'item', key: s.id, item: s });
  }
  const byProject = new Map<string, HistorySession[]>();
  for (const s of sorted) {
    if (s.pinned) continue;
    const group = s.repo ?? s.project;
    const list = byProject.get(group) ?? [];
    list.push(s);
    byProject.set(group, list);
  }
  for (const [project, list] of byProject) {
    rows.push({
      kind: 'heading',
      key: `project:${project}`,
      label: baseName(project),
      title: project,
      level: 'group',
      icon: 'folder',
      testId: 'history-project',
    });
    rows.push(
      ...byDate(
        list,
        (s) => s.lastAt,
        (s) => s.id,
        now,
      ),
    );
  }
  return rows;
}
