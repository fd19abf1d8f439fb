import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage } from '../../../../shared/threads';
import type { RateLimitInfo } from '../../../../shared/rate-limit';
import refusedReplay from '../../../../../test/fixtures/replayed/38c-rate-limit-429-oauth.json';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';
import { atLabel, resetLabel } from '../../ui/reset-time';

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

const HOUR = 3_600_000;
/** The recorded shapes (cases 38, 38c) with reset times moved to after now: a past reset hides the report. */
function limit(status: RateLimitInfo['status'], utilization: number, resetsIn = 2 * HOUR): RateLimitInfo {
  const resetsAt = Date.now() + resetsIn;
  return {
    status,
    type: 'five_hour',
    utilization,
    resetsAt,
    windows: {
      five_hour: { utilization, resetsAt, status },
      seven_day: { utilization: 0.4, resetsAt: Date.now() + 5 * 24 * HOUR, status: 'allowed' },
    },
  };
}
const ask: ChatMessage = { id: 'u1', role: 'user', createdAt: 1, text: 'Summarise the notes' };
const answer = (rateLimit: RateLimitInfo): AssistantMessage => ({
  id: 'a1',
  role: 'assistant',
  createdAt: 2,
  status: 'done',
  parts: [{ kind: 'text', text: 'Done.' }],
  rateLimit,
});
const refused = (rateLimit: RateLimitInfo): AssistantMessage => ({
  ...(refusedReplay as AssistantMessage),
  id: 'a1',
  rateLimit,
});

async function open(messages: ChatMessage[], more: { id: string; title: string }[] = []) {
  const host = createFakeHost({
    threads: [makeThread('t1', 'Work', messages), ...more.map((t) => makeThread(t.id, t.title))],
  });
  const app = renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  return app;
}

describe('plan limits', () => {
  it('a warning shows as a usage indicator; its panel lists each window with its reset', async () => {
    await open([ask, answer(limit('allowed_warning', 0.91))]);
    const chip = await screen.findByTestId('plan-limit');
    expect(chip).toHaveTextContent('5-hour limit · 91%');
    await userEvent.click(chip);
    const panel = screen.getByTestId('plan-limit-panel');
    const rows = within(panel).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(`5-hour limit91% used · resets ${resetLabel(Date.now() + 2 * HOUR, Date.now())}`);
    expect(rows[1]).toHaveTextContent('Weekly limit40% used');
  });

  it('stays out of the way while a window is far from full, and once its reset has passed', async () => {
    await open([ask, answer(limit('allowed', 0.2))]);
    await screen.findByText('Done.');
    expect(screen.queryByTestId('plan-limit')).not.toBeInTheDocument();
  });

  it('a refused turn says when the limit resets instead of "something went wrong"', async () => {
    await open([ask, refused(limit('rejected', 1))]);
    const card = await screen.findByTestId('limit-refused');
    expect(card).toHaveTextContent(
      `You've hit your 5-hour limit. It resets ${atLabel(Date.now() + 2 * HOUR, Date.now())}.`,
    );
    expect(screen.queryByTestId('turn-failed')).not.toBeInTheDocument();
    expect(screen.getByTestId('plan-limit')).toHaveTextContent('5-hour limit reached');
  });

  it('"Send at" schedules the message and Cancel takes it back; nothing is sent meanwhile', async () => {
    const { host } = await open([ask, refused(limit('rejected', 1))]);
    const card = await screen.findByTestId('limit-refused');
    await userEvent.click(within(card).getByRole('button', { name: /^Send (tomorrow |on .+ )?at / }));
    expect(within(card).getByTestId('send-scheduled')).toHaveTextContent(
      /Your message goes again (tomorrow )?at \d\d:\d\d \(in 2 h\)/,
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByTestId('send-scheduled')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Send (tomorrow |on .+ )?at / })).toBeInTheDocument();
    expect(host.callsTo('sendMessage')).toHaveLength(0);
  });

  it('at the reset the open thread sends the message again as a new turn', async () => {
    const { host, store } = await open([ask, refused(limit('rejected', 1))]);
    await screen.findByTestId('limit-refused');
    // A reset already behind us: the timer is due at once.
    act(() =>
      store.getState().scheduleSend('a1', { threadId: 't1', text: 'Summarise the notes', at: Date.now() - 60_000 }),
    );
    // Retry in the open thread: the refused attempt is set aside and the same message goes again.
    await waitFor(() => expect(host.callsTo('resendFrom')).toHaveLength(1));
    expect(host.callsTo('resendFrom')[0]).toMatchObject({ threadId: 't1' });
    expect(store.getState().scheduledSends).toEqual({});
  });

  it('goes to its own thread when another is open, and not at all once that thread is deleted', async () => {
    const { host, store } = await open([ask, refused(limit('rejected', 1))], [{ id: 't2', title: 'Other' }]);
    await screen.findByTestId('limit-refused');
    await userEvent.click(screen.getByText('Other'));
    act(() =>
      store.getState().scheduleSend('a1', { threadId: 't1', text: 'Summarise the notes', at: Date.now() - 60_000 }),
    );
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    expect(host.callsTo('sendMessage')[0]).toMatchObject({ threadId: 't1', text: 'Summarise the notes' });

    act(() => store.setState({ threads: store.getState().threads.filter((t) => t.id !== 't1') }));
    act(() => store.getState().scheduleSend('a1', { threadId: 't1', text: 'again', at: Date.now() - 60_000 }));
    await waitFor(() => expect(store.getState().scheduledSends).toEqual({}));
    expect(host.callsTo('sendMessage')).toHaveLength(1);
  });
});
