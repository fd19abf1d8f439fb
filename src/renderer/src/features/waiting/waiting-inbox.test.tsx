import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../../../shared/turn-events';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

const request = (requestId: string, toolName: string) => ({
  requestId,
  toolUseId: `tu-${requestId}`,
  toolName,
  input: {},
  suggestions: [],
});

describe('waiting inbox', () => {
  it('lists every thread waiting on the user with what it waits for, and a click opens it', async () => {
    const host = createFakeHost({
      threads: [makeThread('t1', 'Refactor'), makeThread('t2', 'Docs'), makeThread('t3', 'Idle')],
    });
    const { store } = renderApp({ host });
    await userEvent.click(await screen.findByText('Refactor'));
    const emit = (threadId: string, turnId: string, body: Record<string, unknown>) =>
      act(() => host.emit('turnEvent', { threadId, turnId, ...body } as TurnEvent));
    emit('t1', 'u1', { type: 'started', startedAt: Date.now() });
    emit('t1', 'u1', { type: 'approval_request', request: request('r1', 'Bash') });
    emit('t2', 'u2', { type: 'started', startedAt: Date.now() });
    emit('t2', 'u2', { type: 'approval_request', request: request('r2', 'AskUserQuestion') });

    const inbox = await screen.findByTestId('waiting-inbox');
    const items = within(inbox).getAllByTestId('waiting-item');
    expect(items.map((i) => i.textContent)).toEqual(['RefactorApprove: Shell', 'DocsAnswer a question']);
    await userEvent.click(items[1]!);
    await waitFor(() => expect(store.getState().activeThreadId).toBe('t2'));

    // Answered (or the turn ended): it leaves the list; nothing left, no section.
    emit('t1', 'u1', { type: 'approval_resolved', requestId: 'r1', outcome: 'allowed' });
    emit('t1', 'u1', { type: 'started', startedAt: Date.now() });
    emit('t2', 'u2', { type: 'finished', status: 'done' });
    await waitFor(() => expect(screen.queryByTestId('waiting-inbox')).not.toBeInTheDocument());
  });
});
