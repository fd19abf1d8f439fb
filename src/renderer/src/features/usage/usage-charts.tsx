import { useMemo, useState } from 'react';
import { totalTokens, type UsageFigure, type UsageSeriesPoint } from '../../../../shared/usage';
import { UsageChart, type ChartSeries } from './usage-chart';
import { UsageTable, type Column } from './usage-table';
import { axisCost, axisTokens, costText, dayLabel, folderName, fullTokens } from './usage-format';

/** Series shown apart in a chart; the rest are summed as "Other". */
const MAX_SERIES = 6;
type Metric = 'cost' | 'tokens';
const valueOf = (f: UsageFigure | undefined, metric: Metric) => (!f ? 0 : metric === 'cost' ? f.cost : totalTokens(f));

/** The largest series first, at most MAX_SERIES of them, then Other. */
function toSeries(points: UsageSeriesPoint[], metric: Metric, name: (key: string) => string): ChartSeries[] {
  const sums = new Map<string, [number, number]>();
  for (const p of points) {
    for (const [k, f] of Object.entries(p.by)) {
      const [v, t] = sums.get(k) ?? [0, 0];
      sums.set(k, [v + valueOf(f, metric), t + totalTokens(f)]);
    }
  }
  const keys = [...sums.entries()].sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1]).map(([k]) => k);
  const shown = keys.slice(0, MAX_SERIES);
  const rest = keys.slice(MAX_SERIES);
  const series = shown.map((k) => ({ name: name(k), values: points.map((p) => valueOf(p.by[k], metric)) }));
  if (rest.length)
    series.push({ name: 'Other', values: points.map((p) => rest.reduce((s, k) => s + valueOf(p.by[k], metric), 0)) });
  return series;
}

function summaryOf(what: string, labels: string[], series: ChartSeries[], format: (v: number) => string): string {
  const totals = labels.map((_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  const top = totals.reduce((best, v, i) => (v > (totals[best] ?? 0) ? i : best), 0);
  if (!totals.some((v) => v > 0)) return `${what}: nothing in this range.`;
  return `${what}, stacked by ${series.map((s) => s.name).join(', ')}. Highest: ${labels[top]}, ${format(totals[top] ?? 0)}. The table below has every figure.`;
}

const pointColumns = (first: string): Column<UsageSeriesPoint & { label: string }>[] => [
  { key: 'key', label: first, cell: (p) => p.label, sortValue: (p) => p.key },
  {
    key: 'input',
    label: 'Input',
    numeric: true,
    cell: (p) => fullTokens(p.total.input),
    sortValue: (p) => p.total.input,
  },
  {
    key: 'output',
    label: 'Output',
    numeric: true,
    cell: (p) => fullTokens(p.total.output),
    sortValue: (p) => p.total.output,
  },
  {
    key: 'cacheWrite',
    label: 'Cache write',
    numeric: true,
    cell: (p) => fullTokens(p.total.cacheWrite),
    sortValue: (p) => p.total.cacheWrite,
  },
  {
    key: 'cacheRead',
    label: 'Cache read',
    numeric: true,
    cell: (p) => fullTokens(p.total.cacheRead),
    sortValue: (p) => p.total.cacheRead,
  },
  {
    key: 'cost',
    label: 'Cost',
    numeric: true,
    cell: (p) => (p.total.messages ? costText(p.total) : '—'),
    sortValue: (p) => p.total.cost,
  },
];

function Toggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: [T, string][];
  onChange: (v: T) => void;
}) {
  return (
    <div className="usage-toggle" role="group" aria-label={label}>
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          className={value === v ? 'active' : ''}
          onClick={() => onChange(v)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/** Per day (stacked by model or project) and today by hour, each with its table. */
export function UsageCharts({
  days,
  hours,
}: {
  days: { byModel: UsageSeriesPoint[]; byProject: UsageSeriesPoint[] };
  hours: UsageSeriesPoint[];
}) {
  const [by, setBy] = useState<'model' | 'project'>('model');
  const [metric, setMetric] = useState<Metric>('cost');
  const format = metric === 'cost' ? axisCost : axisTokens;
  const points = by === 'model' ? days.byModel : days.byProject;
  const dayLabels = useMemo(() => points.map((p) => dayLabel(p.key)), [points]);
  const daySeries = useMemo(
    () => toSeries(points, metric, by === 'project' ? folderName : (k) => k),
    [points, metric, by],
  );
  const hourLabels = useMemo(() => hours.map((p) => `${p.key}:00`), [hours]);
  const hourSeries = useMemo(() => toSeries(hours, metric, (k) => k), [hours, metric]);
  return (
    <section className="usage-section" aria-labelledby="usage-charts-h">
      <div className="usage-section-head">
        <h2 id="usage-charts-h">Per day</h2>
        <Toggle
          label="Stack by"
          value={by}
          options={[
            ['model', 'By model'],
            ['project', 'By project'],
          ]}
          onChange={setBy}
        />
        <Toggle
          label="Measure"
          value={metric}
          options={[
            ['cost', 'Cost'],
            ['tokens', 'Tokens'],
          ]}
          onChange={setMetric}
        />
      </div>
      <UsageChart
        labels={dayLabels}
        series={daySeries}
        format={format}
        testId="usage-day-chart"
        summary={summaryOf(`${metric === 'cost' ? 'Cost' : 'Tokens'} per day`, dayLabels, daySeries, format)}
      />
      <details className="usage-details">
        <summary>Per day as a table</summary>
        <UsageTable
          caption="Per day"
          columns={pointColumns('Day')}
          rows={points.map((p) => ({ ...p, label: dayLabel(p.key) }))}
          rowKey={(p) => p.key}
          testId="usage-day-table"
        />
      </details>
      <h2 className="usage-subhead">Today by hour</h2>
      <UsageChart
        labels={hourLabels}
        series={hourSeries}
        format={format}
        height={160}
        testId="usage-hour-chart"
        summary={summaryOf(`${metric === 'cost' ? 'Cost' : 'Tokens'} per hour today`, hourLabels, hourSeries, format)}
      />
      <details className="usage-details">
        <summary>Today by hour as a table</summary>
        <UsageTable
          caption="Today by hour"
          columns={pointColumns('Hour')}
          rows={hours.filter((p) => p.total.messages > 0).map((p) => ({ ...p, label: `${p.key}:00` }))}
          rowKey={(p) => p.key}
          empty="Nothing yet today."
        />
      </details>
    </section>
  );
}
