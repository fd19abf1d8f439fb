import type { UsageRow } from '../../../../shared/usage';
import { totalTokens } from '../../../../shared/usage';
import { useDesk } from '../../store/store-context';
import { UsageTable, type Column } from './usage-table';
import { costText, folderName, fullTokens, whenLabel } from './usage-format';

const figures: Column<UsageRow>[] = [
  { key: 'input', label: 'Input', numeric: true, cell: (r) => fullTokens(r.input), sortValue: (r) => r.input },
  { key: 'output', label: 'Output', numeric: true, cell: (r) => fullTokens(r.output), sortValue: (r) => r.output },
  {
    key: 'cacheWrite',
    label: 'Cache write',
    numeric: true,
    cell: (r) => fullTokens(r.cacheWrite),
    sortValue: (r) => r.cacheWrite,
  },
  {
    key: 'cacheRead',
    label: 'Cache read',
    numeric: true,
    cell: (r) => fullTokens(r.cacheRead),
    sortValue: (r) => r.cacheRead,
  },
  {
    key: 'total',
    label: 'Total',
    numeric: true,
    cell: (r) => fullTokens(totalTokens(r)),
    sortValue: (r) => totalTokens(r),
  },
  { key: 'cost', label: 'Cost', numeric: true, cell: costText, sortValue: (r) => r.cost },
];

/** The range's tables by project, model and session; a session opens in its thread, else in History. */
export function UsageBreakdowns({
  projects,
  models,
  sessions,
}: {
  projects: UsageRow[];
  models: UsageRow[];
  sessions: UsageRow[];
}) {
  const openSession = useDesk((s) => s.openSession);
  const selectThread = useDesk((s) => s.selectThread);
  const loadHistory = useDesk((s) => s.loadHistory);
  const historyLoaded = useDesk((s) => s.historyLoaded);
  const open = (r: UsageRow) => {
    if (r.threadId) return void selectThread(r.threadId);
    // The transcript's header names the session from the History's list: read it if no one has yet.
    if (!historyLoaded) void loadHistory();
    void openSession(r.key);
  };
  const sessionColumns: Column<UsageRow>[] = [
    {
      key: 'label',
      label: 'Session',
      sortValue: (r) => r.label.toLowerCase(),
      cell: (r) => (
        <button
          type="button"
          className="usage-link"
          title={r.threadId ? 'Open its thread' : 'Open it in History'}
          onClick={() => open(r)}
        >
          {r.label}
        </button>
      ),
    },
    {
      key: 'project',
      label: 'Project',
      cell: (r) => <span title={r.project}>{folderName(r.project ?? '')}</span>,
      sortValue: (r) => r.project ?? '',
    },
    {
      key: 'last',
      label: 'Last active',
      cell: (r) => (r.lastAt ? whenLabel(r.lastAt) : '—'),
      sortValue: (r) => r.lastAt ?? 0,
    },
    ...figures,
  ];
  return (
    <section className="usage-section" aria-labelledby="usage-tables-h">
      <h2 id="usage-tables-h">Where it went</h2>
      <UsageTable
        caption="By project"
        rows={projects}
        rowKey={(r) => r.key}
        columns={[
          {
            key: 'label',
            label: 'Project',
            cell: (r) => <span title={r.key}>{r.label}</span>,
            sortValue: (r) => r.label.toLowerCase(),
          },
          ...figures,
        ]}
        initialSort="cost"
        limit={10}
        testId="usage-projects"
      />
      <UsageTable
        caption="By model"
        rows={models}
        rowKey={(r) => r.key}
        columns={[{ key: 'label', label: 'Model', cell: (r) => r.label, sortValue: (r) => r.label }, ...figures]}
        initialSort="cost"
        testId="usage-models"
      />
      <UsageTable
        caption="By session"
        rows={sessions}
        rowKey={(r) => r.key}
        columns={sessionColumns}
        initialSort="cost"
        limit={20}
        testId="usage-sessions"
      />
    </section>
  );
}
