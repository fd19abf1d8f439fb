import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * A stacked bar chart on uPlot (23 KB gzipped; see README "Usage" for why it over Chart.js, Observable Plot and
 * ECharts), loaded when the Usage view first draws one: never part of the first chunk. The canvas is a picture for
 * the eye: its text alternative (`summary`) and the table the view puts beside every chart carry the same figures.
 */
let loading: Promise<typeof uPlot> | undefined;

/** uPlot once the view first draws a chart (not prefetched with the other parts: only this view uses it). */
function useUplot(): { lib: typeof uPlot | null; failed: boolean } {
  const [state, setState] = useState<{ lib: typeof uPlot | null; failed: boolean }>({ lib: null, failed: false });
  useEffect(() => {
    let live = true;
    loading ??= import('uplot').then((m) => m.default);
    loading.then(
      (lib) => live && setState({ lib, failed: false }),
      () => live && setState({ lib: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export interface ChartSeries {
  name: string;
  values: number[];
}

interface Props {
  /** The x categories: days or hours, as read aloud and shown under the bars. */
  labels: string[];
  /** Bottom to top. */
  series: ChartSeries[];
  format: (v: number) => string;
  /** One sentence for screen readers: what the chart shows and its largest bar. */
  summary: string;
  height?: number;
  testId?: string;
}

/** The theme's colours, read from the page (styles.css / usage.css), so the canvas follows light and dark. */
function themeColours() {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(name).trim();
  return {
    text: v('--text-muted') || '#666',
    grid: v('--border') || '#ddd',
    series: Array.from({ length: 8 }, (_, i) => v(`--usage-series-${i + 1}`) || '#888'),
  };
}

/** The page's theme, as ui/theme.ts puts it on <html data-theme>: a new theme draws the chart again. */
function useThemeKey(): string {
  const [key, setKey] = useState(() => document.documentElement.dataset.theme ?? '');
  useEffect(() => {
    const observer = new MutationObserver(() => setKey(document.documentElement.dataset.theme ?? ''));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return key;
}

export const seriesColourVar = (i: number) => `var(--usage-series-${(i % 8) + 1})`;

export function UsageChart({ labels, series, format, summary, height = 220, testId }: Props) {
  const { lib, failed } = useUplot();
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();
  const [hover, setHover] = useState<number | null>(null);
  const [drawFailed, setDrawFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!lib || !el) return;
    const colours = themeColours();
    // Stacked by drawing each bar from 0 to its running total, tallest first: what shows of each is its own part.
    const totals: number[][] = [];
    let running = labels.map(() => 0);
    for (const s of series) {
      running = running.map((r, i) => r + (s.values[i] ?? 0));
      totals.push(running);
    }
    const order = series.map((_, i) => i).reverse();
    const bars = lib.paths.bars?.({ size: [0.7, 48], align: 0 });
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { points: { show: false }, drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: [-0.5, labels.length - 0.5] },
        y: { range: (_u, _min, max) => [0, (max || 1) * 1.1] },
      },
      axes: [
        {
          stroke: colours.text,
          grid: { show: false },
          ticks: { stroke: colours.grid },
          values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? (labels[t] ?? '') : '')),
          space: 34,
        },
        {
          stroke: colours.text,
          grid: { stroke: colours.grid, width: 1 },
          ticks: { show: false },
          values: (_u, ticks) => ticks.map(format),
          size: 64,
        },
      ],
      series: [
        {},
        ...order.map((i) => ({
          label: series[i]!.name,
          fill: colours.series[i % 8],
          stroke: colours.series[i % 8],
          width: 0,
          paths: bars,
          points: { show: false },
        })),
      ],
      hooks: { setCursor: [(u: uPlot) => setHover(u.cursor.idx ?? null)] },
    };
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...order.map((i) => totals[i]!)];
    let chart: uPlot;
    try {
      chart = new lib(opts, data, el);
    } catch {
      setDrawFailed(true);
      return;
    }
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [lib, labels, series, format, height, theme]);

  const at = hover !== null && hover >= 0 && hover < labels.length ? hover : null;
  const parts = at === null ? [] : series.filter((s) => (s.values[at] ?? 0) > 0);
  return (
    <figure className="usage-chart" data-testid={testId}>
      <div className="usage-chart-readout" aria-hidden="true">
        {at === null
          ? ' '
          : `${labels[at]}: ${format(series.reduce((sum, s) => sum + (s.values[at] ?? 0), 0))}${
              parts.length > 1 ? ` — ${parts.map((s) => `${s.name} ${format(s.values[at] ?? 0)}`).join(', ')}` : ''
            }`}
      </div>
      <div ref={box} className="usage-chart-canvas" role="img" aria-label={summary} style={{ height }}>
        {(failed || drawFailed) && (
          <p className="usage-note">The chart could not be drawn here; the table below has the same figures.</p>
        )}
      </div>
      <ul className="usage-legend" aria-hidden="true">
        {series.map((s, i) => (
          <li key={s.name}>
            <span className="usage-swatch" style={{ background: seriesColourVar(i) }} />
            {s.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}
