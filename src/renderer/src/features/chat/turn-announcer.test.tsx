import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../../../shared/turn-events';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

describe('screen readers', () => {
  it('the streaming answer is busy, the timer is silent, and the end of the turn is announced once', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    await userEvent.type(screen.getByLabelText('Message'), 'hi{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    const emit = (body: object) =>
      act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
    emit({ type: 'started', startedAt: Date.now() });
    emit({ type: 'text_delta', messageId: 'm1', text: 'Hello ' });
    const answer = await screen.findByTestId('assistant-message');
    await within(answer).findByText(/Hello/); // streamed text shows with the next frame
    expect(answer).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('elapsed')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('turn-announcer')).toHaveTextContent('');
    emit({ type: 'text_delta', messageId: 'm1', text: 'there' });
    emit({ type: 'finished', status: 'done' });
    expect(answer).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByTestId('turn-announcer')).toHaveTextContent('Claude finished answering.');
  });
});
