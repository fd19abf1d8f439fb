import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { sampleUsageOverview } from '../../test-support/usage-fixture';

async function openUsage() {
  const host = createFakeHost();
  host.handle('getUsage', () => sampleUsageOverview());
  const app = renderApp({ host });
  await userEvent.click(await screen.findByTestId('open-usage'));
  await screen.findByTestId('usage-total-today');
  return app;
}

describe('the Usage view', () => {
  it('opens from the sidebar with the totals, marks estimates and says an unknown cost is unknown', async () => {
    const { host } = await openUsage();
    expect(host.callsTo('getUsage')).toEqual([{}]);
    await waitFor(() => expect(document.title).toBe('Usage — Claude Desk'));
    const today = screen.getByTestId('usage-total-today');
    expect(within(today).getByText('~$1.50')).toBeInTheDocument();
    expect(within(today).getByText('300')).toBeInTheDocument(); // input tokens
    const week = screen.getByTestId('usage-total-week');
    expect(within(week).getByText('~$3.00')).toBeInTheDocument();
    expect(week).toHaveTextContent('plus a cost unknown');
    expect(screen.getByTestId('usage-estimates')).toHaveTextContent(
      /price table of 2026-12-01.*no price for claude-opus-5-5: their tokens count, their cost shows as unknown/,
    );
    const models = screen.getByTestId('usage-models');
    const unknownRow = within(models).getByText('claude-opus-5-5').closest('tr')!;
    expect(unknownRow).toHaveTextContent(/unknown$/);
    expect(unknownRow).not.toHaveTextContent('$0.00');
  });

  it('has a table for every chart, and sorts a table by a header (aria-sort says how)', async () => {
    await openUsage();
    const dayTable = screen.getByTestId('usage-day-table');
    expect(within(dayTable).getAllByRole('row')).toHaveLength(4); // header + 3 days
    expect(screen.getByTestId('usage-day-chart').querySelector('[role="img"]')).toHaveAccessibleName(
      /Cost per day, stacked by claude-sonnet-4-5, claude-opus-5-5\. Highest: Dec 7/,
    );
    const projects = screen.getByTestId('usage-projects');
    const firstCell = () => within(projects).getAllByRole('row')[1]!.querySelector('td')!.textContent;
    expect(firstCell()).toBe('/home/me/alpha');
    const costHeader = within(projects).getByRole('button', { name: /Cost/ });
    expect(costHeader.closest('th')).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(costHeader);
    expect(costHeader.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCell()).toBe('/home/me/beta');
  });

  it("switches the per-day chart to projects, and opens a session's thread or its History transcript", async () => {
    const { host, store } = await openUsage();
    await userEvent.click(screen.getByRole('button', { name: 'By project' }));
    expect(screen.getByTestId('usage-day-chart').querySelector('[role="img"]')).toHaveAccessibleName(
      /stacked by alpha, beta/,
    );
    const sessions = screen.getByTestId('usage-sessions');
    await userEvent.click(within(sessions).getByRole('button', { name: 'Explore the parser' }));
    await waitFor(() => expect(store.getState().view).toBe('history'));
    expect(host.callsTo('getHistoryPage')[0]).toEqual({ sessionId: '0e000000-0000-4000-8000-000000000002' });
  });

  it('asks for a chosen range and the presets', async () => {
    const { host } = await openUsage();
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(host.callsTo('getUsage').at(-1)).toEqual({ since: '2026-12-01', until: '2026-12-07' }));
  });

  it('shows the open 5-hour block, its pace and where it heads; the plan windows once a turn reported them', async () => {
    const { store } = await openUsage();
    expect(screen.getByTestId('usage-open-block')).toHaveTextContent(/42 tokens a minute, \$0\.60 an hour/);
    expect(screen.getByTestId('usage-open-block')).toHaveTextContent(/12,000 tokens, \$3\.10/);
    store.setState({
      planLimit: {
        seenAt: Date.UTC(2026, 11, 7, 11),
        info: {
          status: 'allowed',
          type: 'five_hour',
          utilization: 0.42,
          windows: {
            five_hour: { utilization: 0.42, resetsAt: Date.UTC(2026, 11, 7, 14), status: 'allowed' },
            seven_day: { utilization: 0.8, resetsAt: Date.UTC(2026, 11, 10), status: 'allowed_warning' },
          },
        },
      },
    });
    const windows = await screen.findByTestId('usage-plan-windows');
    expect(within(windows).getByRole('meter', { name: '5-hour limit used' })).toHaveAttribute('aria-valuenow', '42');
    expect(within(windows).getByRole('meter', { name: 'weekly limit used' })).toHaveAttribute('aria-valuenow', '80');
  });
});

describe('opening the Usage view again', () => {
  it('shows the last figures at once, then reads them again and shows the new ones', async () => {
    const { host } = await openUsage();
    await userEvent.keyboard('{Escape}');
    const later = sampleUsageOverview();
    later.totals.today = { ...later.totals.today, input: 999 };
    let answer: (o: typeof later) => void = () => {};
    host.handle('getUsage', () => new Promise<typeof later>((resolve) => (answer = resolve)));
    await userEvent.click(screen.getByTestId('open-usage'));
    expect(within(screen.getByTestId('usage-total-today')).getByText('300')).toBeInTheDocument();
    await waitFor(() => expect(host.callsTo('getUsage')).toHaveLength(2));
    answer(later);
    expect(await within(screen.getByTestId('usage-total-today')).findByText('999')).toBeInTheDocument();
  });
});

describe('budgets in the Usage view', () => {
  it('sets a monthly budget for a project, shows it against its spend, says what a bad amount is, and removes it', async () => {
    const { host } = await openUsage();
    const section = screen.getByTestId('usage-budgets');
    const state = {
      budget: { id: 'b1', period: 'month' as const, amountUsd: 20, project: '/home/me/alpha' },
      window: '2026-12',
      spent: 17,
      unpriced: 0,
      ratio: 0.85,
      level: 'warn' as const,
    };
    host.handle('setBudget', () => [state]);
    host.handle('removeBudget', () => []);
    await userEvent.type(within(section).getByLabelText('Amount ($)'), '0');
    await userEvent.click(within(section).getByRole('button', { name: 'Set budget' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('an amount in dollars above 0');
    expect(host.callsTo('setBudget')).toHaveLength(0);
    await userEvent.clear(within(section).getByLabelText('Amount ($)'));
    await userEvent.type(within(section).getByLabelText('Amount ($)'), '20');
    await userEvent.selectOptions(within(section).getByLabelText('For'), 'alpha');
    await userEvent.click(within(section).getByRole('button', { name: 'Set budget' }));
    expect(host.callsTo('setBudget')).toEqual([{ period: 'month', amountUsd: 20, project: '/home/me/alpha' }]);
    const meter = await within(section).findByRole('meter', { name: 'alpha budget used' });
    expect(meter).toHaveAttribute('aria-valuenow', '85');
    expect(section).toHaveTextContent('$17.00 of $20.00 this month for alpha');
    await userEvent.click(within(section).getByRole('button', { name: 'Remove the alpha budget per month' }));
    await waitFor(() => expect(within(section).queryByRole('meter')).not.toBeInTheDocument());
    expect(host.callsTo('removeBudget')).toEqual([{ id: 'b1' }]);
  });
});

describe('the plan windows after a restart', () => {
  it('shows the windows the host kept from an earlier run "as of" their time, until a turn reports newer ones', async () => {
    const host = createFakeHost();
    const o = sampleUsageOverview();
    const seenAt = new Date(2026, 11, 6, 9, 30).getTime();
    o.planWindows = {
      seenAt,
      info: {
        status: 'allowed',
        type: 'five_hour',
        windows: { five_hour: { utilization: 0.3, resetsAt: o.at + 3_600_000, status: 'allowed' } },
      },
    };
    host.handle('getUsage', () => o);
    const { store } = renderApp({ host });
    await userEvent.click(await screen.findByTestId('open-usage'));
    const windows = await screen.findByTestId('usage-plan-windows');
    expect(within(windows).getByRole('meter', { name: '5-hour limit used' })).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByTestId('usage-plan-as-of')).toHaveTextContent(/^As of .+, as Claude Code reported them/);
    store.setState({
      planLimit: {
        seenAt: seenAt + 60_000,
        info: { status: 'allowed', windows: { five_hour: { utilization: 0.55, status: 'allowed' } } },
      },
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('usage-plan-windows')).getByRole('meter')).toHaveAttribute(
        'aria-valuenow',
        '55',
      ),
    );
  });
});

describe('an open block of a model without a price', () => {
  it('gives its pace in tokens and says its cost is unknown, never $0', async () => {
    const host = createFakeHost();
    const o = sampleUsageOverview();
    o.blocks[0] = { ...o.blocks[0]!, cost: 0, unpriced: 1, messages: 1, estimated: 0 };
    o.blocks[0].burn = { tokensPerMinute: 3, costPerHour: 0, projectedTokens: 900, projectedCost: 0 };
    host.handle('getUsage', () => o);
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('open-usage'));
    const open = await screen.findByTestId('usage-open-block');
    expect(open).toHaveTextContent(/3 tokens a minute\. At this pace .*: 900 tokens \(cost unknown\)\./);
    expect(open).not.toHaveTextContent('$0');
  });
});

describe('leaving the Usage view', () => {
  it('goes back to the chat with Esc, as Settings does', async () => {
    const { store } = await openUsage();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(store.getState().view).toBe('chat'));
    expect(screen.queryByTestId('usage-view')).not.toBeInTheDocument();
  });
});

describe('the Usage view, live', () => {
  it('reads again when the sessions change while it is open, and not when it is closed', async () => {
    const { host, store } = await openUsage();
    const before = host.callsTo('getUsage').length;
    host.emit('historyChanged', { sessionIds: ['0e000000-0000-4000-8000-000000000001'] });
    await waitFor(() => expect(host.callsTo('getUsage').length).toBe(before + 1));
    store.getState().setView('chat');
    host.emit('historyChanged', { sessionIds: ['0e000000-0000-4000-8000-000000000001'] });
    await new Promise((r) => setTimeout(r, 0));
    expect(host.callsTo('getUsage').length).toBe(before + 1);
  });
});
