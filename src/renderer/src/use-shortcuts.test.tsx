import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../shared/turn-events';
import { createFakeHost, makeThread } from './test-support/fake-api';
import { giveScrollerAViewport } from './test-support/jsdom-layout';
import { renderApp } from './test-support/render-app';

const T = 'th-1';
let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

async function runningTurn() {
  const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  await userEvent.type(screen.getByLabelText('Message'), 'go{Enter}');
  await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
  const emit = (body: object) =>
    act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
  emit({ type: 'started', startedAt: Date.now() });
  await screen.findByTestId('turn-running');
  return { host, emit };
}

describe('Esc', () => {
  it('in the thread search box clears the search and does not stop the turn', async () => {
    const { host } = await runningTurn();
    const search = screen.getByTestId('thread-search');
    await userEvent.type(search, 'notes');
    await userEvent.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(host.callsTo('stopTurn')).toEqual([]);
  });

  it("in the approval card's command editor does not stop the turn", async () => {
    const { host, emit } = await runningTurn();
    emit({
      type: 'approval_request',
      request: { requestId: 'r1', toolName: 'Bash', input: { command: 'ls' }, suggestions: [] },
    });
    const card = await screen.findByTestId('approval-card');
    await userEvent.click(within(card).getByRole('button', { name: /Edit command/ }));
    await userEvent.click(within(card).getByRole('textbox'));
    await userEvent.keyboard('{Escape}');
    expect(host.callsTo('stopTurn')).toEqual([]);
  });

  it('in another text field (thread rename) does not stop the turn; in the composer it does', async () => {
    const { host } = await runningTurn();
    await userEvent.click(screen.getByRole('button', { name: 'Rename Work' }));
    await userEvent.keyboard('{Escape}');
    expect(host.callsTo('stopTurn')).toEqual([]);
    await userEvent.click(screen.getByLabelText('Message'));
    await userEvent.keyboard('{Escape}');
    expect(host.callsTo('stopTurn')).toEqual([{ threadId: T, turnId: 'turn-1' }]);
  });
});
