import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApiForTests } from '../../api';
import { App } from '../../App';
import { createDeskStore } from '../../store/desk-store';
import { QUIET_MS } from '../../store/bridge';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';

const T = 'th-1';
let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

/**
 * From Enter to the answer's first words the CLI races to its API request on the same cores as the page: each
 * render of the page then (React, style, layout, a frame) slows it. Counted here as React commits of the app.
 */
describe('sending a message renders the page once before the answer begins', () => {
  it('Enter shows the question and the answer’s place in one render; the reply and the turn’s start add none', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    let reply: (() => void) | undefined;
    let turnId = '';
    // The real host's order: the user line's echo before the reply, the turn's start and the CLI's init after.
    host.handle('sendMessage', (input) => {
      const sent = input as { messageId: string; turnId: string };
      turnId = sent.turnId;
      host.emit('threadsChanged', { threadId: T, kind: 'message' });
      return new Promise((resolve) => (reply = () => resolve({ turnId: sent.turnId, messageId: sent.messageId })));
    });
    setApiForTests(host.api);
    let commits = 0;
    render(
      <Profiler id="app" onRender={() => commits++}>
        <App store={createDeskStore()} api={host.api} />
      </Profiler>,
    );
    await userEvent.click(await screen.findByText('Work'));
    const box = screen.getByLabelText('Message');
    await userEvent.type(box, 'one more');
    await act(async () => new Promise((r) => setTimeout(r, 0))); // what typing scheduled is done

    const before = commits;
    await userEvent.keyboard('{Enter>}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    const atKeydown = commits - before;
    await userEvent.keyboard('{/Enter}'); // the keyup finds the caret where the emptied box already has it
    expect(commits - before).toBe(atKeydown);
    // The answer's place is there before the host has even answered.
    expect(screen.getByTestId('turn-queued')).toHaveTextContent('Starting…'); // not "Queued": nothing waits
    const atEnter = commits - before;
    expect(atEnter).toBeLessThanOrEqual(2); // the send, and the list following its new last row

    const base = { threadId: T, turnId };
    await act(async () => {
      reply!();
      host.emit('turnEvent', { ...base, type: 'started', startedAt: 101 });
      host.emit('threadsChanged', { threadId: T, kind: 'message' });
      host.emit('turnEvent', { ...base, type: 'init', sessionId: 's', model: 'claude', tools: [], mcpServers: [] });
      host.emit('turnEvent', { ...base, type: 'message_start', messageId: 'msg_1' });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(commits - before).toBe(atEnter);

    // The first words bring the held events with them, in one render.
    act(() => host.emit('turnEvent', { ...base, type: 'text_delta', messageId: 'msg_1', text: 'Sure' }));
    await screen.findByText(/Sure/);
    expect(screen.getByTestId('assistant-message')).toHaveAttribute('data-status', 'running');
  });

  it('with no answer yet, the held start shows by itself a moment later', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    host.handle('sendMessage', (input) => {
      const sent = input as { messageId: string; turnId: string };
      return { turnId: sent.turnId, messageId: sent.messageId };
    });
    setApiForTests(host.api);
    render(<App store={createDeskStore()} api={host.api} />);
    await userEvent.click(await screen.findByText('Work'));
    await userEvent.type(screen.getByLabelText('Message'), 'slow one{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    const { turnId } = host.callsTo('sendMessage')[0] as { turnId: string };
    act(() => host.emit('turnEvent', { threadId: T, turnId, type: 'started', startedAt: Date.now() }));
    expect(screen.getByTestId('assistant-message')).toHaveAttribute('data-status', 'queued');
    // A real API answers after hundreds of milliseconds: by then the turn shows as running.
    await waitFor(() => expect(screen.getByTestId('assistant-message')).toHaveAttribute('data-status', 'running'), {
      timeout: QUIET_MS * 10,
    });
  });
});
