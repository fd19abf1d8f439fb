/** A Usage view's answer for component tests and the fake host: empty, or filled with a few days of two models. */
import { emptyFigure, type UsageFigure, type UsageOverview, type UsageSeriesPoint } from '../../../shared/usage';

const fig = (input: number, output: number, cost: number, unpriced = 0): UsageFigure => ({
  ...emptyFigure(),
  input,
  output,
  cacheWrite: input * 2,
  cacheRead: input * 10,
  cost,
  messages: 1 + unpriced,
  estimated: 1,
  unpriced,
});

export function emptyUsageOverview(): UsageOverview {
  return {
    at: Date.UTC(2026, 11, 7, 12),
    today: '2026-12-07',
    since: '2026-11-08',
    until: '2026-12-07',
    totals: { today: emptyFigure(), week: emptyFigure(), month: emptyFigure(), range: emptyFigure() },
    days: { byModel: [], byProject: [] },
    hours: [],
    projects: [],
    models: [],
    sessions: [],
    blocks: [],
    priceTableDate: '2026-12-01',
    unpricedModels: [],
    unreadable: 0,
  };
}

/** Three days, two models (one without a price), two projects, one open block. */
export function sampleUsageOverview(): UsageOverview {
  const o = emptyUsageOverview();
  const days = ['2026-12-05', '2026-12-06', '2026-12-07'];
  o.since = days[0]!;
  o.days.byModel = days.map((key, i) => ({
    key,
    total: fig(100 * (i + 1), 50, 0.5 * (i + 1), 1),
    by: { 'claude-sonnet-4-5': fig(100 * (i + 1), 50, 0.5 * (i + 1)), 'claude-opus-5-5': fig(10, 5, 0, 1) },
  }));
  o.days.byProject = days.map((key, i) => ({
    key,
    total: fig(100 * (i + 1), 50, 0.5 * (i + 1)),
    by: {
      '/home/me/alpha': fig(60 * (i + 1), 30, 0.3 * (i + 1)),
      '/home/me/beta': fig(40 * (i + 1), 20, 0.2 * (i + 1)),
    },
  }));
  o.hours = Array.from({ length: 24 }, (_, h): UsageSeriesPoint => ({
    key: String(h).padStart(2, '0'),
    total: h === 9 ? fig(300, 50, 1.5) : emptyFigure(),
    by: h === 9 ? { 'claude-sonnet-4-5': fig(300, 50, 1.5) } : {},
  }));
  const total = fig(600, 150, 3, 1);
  o.totals = { today: fig(300, 50, 1.5), week: total, month: total, range: total };
  o.models = [
    { key: 'claude-sonnet-4-5', label: 'claude-sonnet-4-5', models: ['claude-sonnet-4-5'], ...fig(600, 150, 3) },
    {
      key: 'claude-opus-5-5',
      label: 'claude-opus-5-5',
      models: ['claude-opus-5-5'],
      ...fig(30, 15, 0, 1),
      messages: 1,
    },
  ];
  o.projects = [
    { key: '/home/me/alpha', label: '/home/me/alpha', models: ['claude-sonnet-4-5'], ...fig(360, 90, 1.8) },
    { key: '/home/me/beta', label: '/home/me/beta', models: ['claude-sonnet-4-5'], ...fig(240, 60, 1.2) },
  ];
  o.sessions = [
    {
      key: '0e000000-0000-4000-8000-000000000001',
      label: 'Fix the login form',
      project: '/home/me/alpha',
      lastAt: Date.UTC(2026, 11, 7, 9),
      threadId: 't1',
      models: ['claude-sonnet-4-5'],
      ...fig(360, 90, 1.8),
    },
    {
      key: '0e000000-0000-4000-8000-000000000002',
      label: 'Explore the parser',
      project: '/home/me/beta',
      lastAt: Date.UTC(2026, 11, 6, 15),
      models: ['claude-sonnet-4-5'],
      ...fig(240, 60, 1.2),
    },
  ];
  o.blocks = [
    {
      startAt: Date.UTC(2026, 11, 7, 9),
      endAt: Date.UTC(2026, 11, 7, 14),
      lastAt: Date.UTC(2026, 11, 7, 11),
      open: true,
      burn: { tokensPerMinute: 42, costPerHour: 0.6, projectedTokens: 12_000, projectedCost: 3.1 },
      ...fig(300, 50, 1.5),
    },
  ];
  o.unpricedModels = ['claude-opus-5-5'];
  return o;
}
