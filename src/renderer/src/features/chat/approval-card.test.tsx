import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../../../shared/turn-events';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
type Body = TurnEvent extends infer E ? (E extends unknown ? Omit<E, 'threadId' | 'turnId'> : never) : never;

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

async function askFor(suggestions: unknown[]) {
  const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  await userEvent.type(screen.getByLabelText('Message'), 'list files{Enter}');
  await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
  const emit = (body: Body) => act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
  emit({ type: 'started', startedAt: Date.now() });
  emit({
    type: 'approval_request',
    request: { requestId: 'r1', toolName: 'Bash', input: { command: 'ls -la' }, suggestions },
  });
  return { host, emit, card: await screen.findByTestId('approval-card') };
}

describe('approval cards', () => {
  it('shows the command and answers Allow once', async () => {
    const { host, card } = await askFor([]);
    expect(card).toHaveTextContent('Claude wants to use Shell');
    expect(card).toHaveTextContent('ls -la');
    expect(screen.getByTestId('turn-running')).toHaveTextContent('Waiting for your approval');
    expect(within(card).queryByRole('button', { name: /Always allow/ })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /Allow once/ }));
    expect(host.callsTo('answerApproval')).toEqual([
      { threadId: T, turnId: 'turn-1', requestId: 'r1', decision: { behavior: 'allow', scope: 'once' } },
    ]);
  });

  it('offers session/always only when the CLI suggests them, and denies with a reason', async () => {
    const { host, card, emit } = await askFor([
      { type: 'addRules', destination: 'session' },
      { type: 'addRules', destination: 'localSettings' },
    ]);
    expect(within(card).getByRole('button', { name: 'Allow for this session' })).toBeInTheDocument();
    expect(card).toHaveTextContent('.claude/settings.local.json');
    await userEvent.click(within(card).getByRole('button', { name: /Deny/ }));
    await userEvent.type(within(card).getByLabelText('Reason (Claude sees it)'), 'not in this folder');
    await userEvent.click(within(card).getByRole('button', { name: 'Deny' }));
    expect(host.callsTo('answerApproval')).toEqual([
      { threadId: T, turnId: 'turn-1', requestId: 'r1', decision: { behavior: 'deny', message: 'not in this folder' } },
    ]);
    emit({ type: 'approval_resolved', requestId: 'r1', outcome: 'denied' });
    await waitFor(() => expect(screen.getByTestId('approval-card')).toHaveAttribute('data-outcome', 'denied'));
  });
});
