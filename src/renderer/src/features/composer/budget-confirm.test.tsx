import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BudgetState } from '../../../../shared/usage';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const T = '00000000-0000-4000-8000-00000000b0d6';
const state = (level: BudgetState['level'], project?: string): BudgetState => ({
  budget: { id: `b-${project ?? 'all'}`, period: 'day', amountUsd: 5, ...(project ? { project } : {}) },
  window: '2026-12-07',
  spent: level === 'over' ? 5.2 : 4.1,
  unpriced: 0,
  ratio: level === 'over' ? 1.04 : 0.82,
  level,
});

function start(budgets: BudgetState[]) {
  const thread = makeThread(T, 'Work');
  thread.settings = { projectDir: '/home/me/alpha' };
  const host = createFakeHost({ threads: [thread] });
  host.handle('getBudgets', () => budgets);
  return renderApp({ host });
}

describe('sending over a budget', () => {
  it('asks first at 100 % of a budget the thread counts against: "Not now" keeps the message, "Send anyway" sends it', async () => {
    const { host } = start([state('over', '/home/me/alpha')]);
    await userEvent.click(await screen.findByText('Work'));
    const box = screen.getByLabelText('Message');
    await userEvent.type(box, 'One more thing');
    await userEvent.keyboard('{Enter}');
    const ask = await screen.findByRole('alertdialog', { name: 'Over budget' });
    expect(ask).toHaveTextContent('$5.20 of $5.00 today for alpha. Send this message anyway?');
    expect(within(ask).getByRole('button', { name: 'Send anyway' })).toHaveFocus();
    await userEvent.click(within(ask).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(host.callsTo('sendMessage')).toHaveLength(0);
    expect(box).toHaveValue('One more thing');

    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    expect(host.callsTo('sendMessage')[0]).toMatchObject({ threadId: T, text: 'One more thing' });
  });

  it("sends at once under 100 %, and past another project's budget; the host's push of new states counts", async () => {
    const { host, store } = start([state('warn'), state('over', '/home/me/beta')]);
    await userEvent.click(await screen.findByText('Work'));
    await userEvent.type(screen.getByLabelText('Message'), 'Go{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    host.emit('budgetsChanged', { states: [state('over')] }); // the overall budget spent by that turn
    await waitFor(() => expect(store.getState().budgets[0]?.level).toBe('over'));
    await userEvent.type(screen.getByLabelText('Message'), 'Again{Enter}');
    expect(await screen.findByRole('alertdialog', { name: 'Over budget' })).toHaveTextContent(
      '$5.20 of $5.00 today. Send',
    );
    expect(host.callsTo('sendMessage')).toHaveLength(1);
  });
});
