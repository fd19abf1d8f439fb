import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../../../shared/turn-events';
import { createFakeHost, makeThread, type FakeHost } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = giveScrollerAViewport();
});
afterEach(() => restoreLayout());

const threads = () => [makeThread('a', 'Alpha', [], 3000), makeThread('b', 'Beta', [], 2000), makeThread('c', 'Gamma')];
const panes = () => screen.getAllByRole('region', { name: /^Pane \d of \d/ });
const pane = (title: string) => panes().find((p) => p.getAttribute('aria-label')!.includes(`: ${title}`))!;
const composerIn = (el: HTMLElement) => within(el).getByLabelText('Message') as HTMLTextAreaElement;
const emitIn = (host: FakeHost, threadId: string, turnId: string) => (body: Record<string, unknown>) =>
  act(() => host.emit('turnEvent', { threadId, turnId, ...body } as TurnEvent));

/** Alpha open in the window, Beta opened beside it from its sidebar row. */
async function twoPanes(host = createFakeHost({ threads: threads() })) {
  const app = renderApp({ host });
  await userEvent.click(await screen.findByText('Alpha'));
  await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Alpha'));
  await userEvent.click(screen.getByRole('button', { name: 'Open Beta beside' }));
  await waitFor(() => expect(panes()).toHaveLength(2));
  await waitFor(() => expect(within(pane('Beta')).getByTestId('chat-title')).toHaveTextContent('Beta'));
  return app;
}

describe('split panes', () => {
  it('opens a thread beside the one on screen: two chats, each with its header and its own composer', async () => {
    const { host } = await twoPanes();
    expect(pane('Alpha')).toHaveAttribute('data-focused', 'false');
    expect(pane('Beta')).toHaveAttribute('aria-label', 'Pane 2 of 2: Beta (focused)');
    expect(within(pane('Alpha')).getByTestId('chat-title')).toHaveTextContent('Alpha');
    // Typing in one composer leaves the other's alone; a send from it goes to its own thread.
    await userEvent.type(composerIn(pane('Alpha')), 'kept for alpha');
    await userEvent.type(composerIn(pane('Beta')), 'to beta{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toEqual([expect.objectContaining({ threadId: 'b' })]));
    expect(composerIn(pane('Alpha'))).toHaveValue('kept for alpha');
    expect(composerIn(pane('Beta'))).toHaveValue('');
    await waitFor(() => expect(within(pane('Beta')).getByText('to beta')).toBeInTheDocument());
    expect(within(pane('Alpha')).queryByText('to beta')).not.toBeInTheDocument();
  });

  it('a message sent in one pane shows in the other pane of the same thread, its turn started or not', async () => {
    const { host } = await twoPanes();
    await userEvent.click(within(pane('Beta')).getByRole('button', { name: 'Close pane Beta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open Alpha beside' }));
    await waitFor(() => expect(panes()).toHaveLength(2));
    const [left, right] = panes() as [HTMLElement, HTMLElement];
    await userEvent.type(composerIn(right), 'half a thought');
    await userEvent.type(composerIn(left), 'sent from the left{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    const { turnId, messageId } = { turnId: 'turn-1', messageId: 'msg-1' };
    // The host: the turn starts (every pane hears it), then the message is in the thread's log.
    emitIn(host, 'a', turnId)({ type: 'started', startedAt: 1 });
    host.threads[0]!.messages.push({ id: messageId, role: 'user', createdAt: 1, text: 'sent from the left' });
    host.threads[0]!.updatedAt += 1;
    act(() => host.emit('threadsChanged', { threadId: 'a', kind: 'message' }));
    await waitFor(() => expect(within(right).getByText('sent from the left')).toBeInTheDocument());
    expect(within(left).getAllByText('sent from the left')).toHaveLength(1);
    expect(composerIn(right)).toHaveValue('half a thought');
  });

  it('a thread in two panes streams in both, and a card answered in one is answered in both', async () => {
    const { host } = await twoPanes();
    await userEvent.click(within(pane('Beta')).getByRole('button', { name: 'Close pane Beta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open Alpha beside' }));
    await waitFor(() => expect(panes()).toHaveLength(2));
    const [left, right] = panes() as [HTMLElement, HTMLElement];
    const emit = emitIn(host, 'a', 't1');
    emit({ type: 'started', startedAt: 1 });
    emit({ type: 'message_start', messageId: 'm1' });
    emit({ type: 'text_delta', messageId: 'm1', text: 'streaming in both' });
    await waitFor(() => expect(left).toHaveTextContent('streaming in both'));
    await waitFor(() => expect(right).toHaveTextContent('streaming in both'));
    emit({
      type: 'approval_request',
      request: { requestId: 'r1', toolName: 'Bash', toolUseId: 'u1', input: { command: 'ls' }, suggestions: [] },
    });
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(2));
    await userEvent.click(within(right).getByRole('button', { name: /Allow once/ }));
    await waitFor(() => expect(host.callsTo('answerApproval')).toHaveLength(1));
    emit({ type: 'approval_resolved', requestId: 'r1', outcome: 'allowed' });
    // Answered in both: no buttons left in either pane.
    await waitFor(() =>
      expect(screen.getAllByTestId('approval-card').map((c) => c.dataset.outcome)).toEqual(['allowed', 'allowed']),
    );
    expect(screen.queryAllByRole('button', { name: /Allow once/ })).toHaveLength(0);
  });

  it('closing a pane leaves no listener on the host behind', async () => {
    const host = createFakeHost({ threads: threads() });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Alpha'));
    await screen.findByRole('button', { name: 'Open Beta beside' });
    const single = host.listenerCount();
    await userEvent.click(screen.getByRole('button', { name: 'Open Beta beside' }));
    await waitFor(() => expect(panes()).toHaveLength(2));
    expect(host.listenerCount()).toBeGreaterThan(single);
    await userEvent.click(within(pane('Beta')).getByRole('button', { name: 'Close pane Beta' }));
    expect(screen.queryAllByRole('region', { name: /^Pane / })).toHaveLength(0);
    expect(host.listenerCount()).toBe(single);
  });

  it('four panes opened and three closed (and one streaming meanwhile) leave no listener on the host, the window or the page', async () => {
    // Net listeners on the window and the document: added and not removed.
    const held = new Map<string, number>();
    const track = (target: EventTarget, name: string) => {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      const key = (type: string, fn: unknown) => `${name}:${type}:${String(fn)}`;
      const net = new Map<unknown, number>();
      target.addEventListener = (type: string, fn: EventListenerOrEventListenerObject | null, o?: unknown) => {
        net.set(fn, (net.get(fn) ?? 0) + 1);
        held.set(key(type, fn), (held.get(key(type, fn)) ?? 0) + 1);
        add(type, fn, o as AddEventListenerOptions);
      };
      target.removeEventListener = (type: string, fn: EventListenerOrEventListenerObject | null, o?: unknown) => {
        if (net.get(fn)) {
          net.set(fn, net.get(fn)! - 1);
          held.set(key(type, fn), held.get(key(type, fn))! - 1);
        }
        remove(type, fn, o as EventListenerOptions);
      };
      return () => {
        target.addEventListener = add;
        target.removeEventListener = remove;
      };
    };
    const untrack = [track(window, 'window'), track(document, 'document')];
    const total = () => [...held.values()].reduce((a, b) => a + b, 0);
    try {
      const host = createFakeHost({ threads: [...threads(), makeThread('d', 'Delta')] });
      await twoPanes(host);
      const two = { host: host.listenerCount(), page: total() };
      for (const title of ['Gamma', 'Delta']) {
        await userEvent.click(screen.getByRole('button', { name: `Open ${title} beside` }));
        await waitFor(() => expect(within(pane(title)).getByTestId('chat-title')).toHaveTextContent(title));
      }
      expect(panes()).toHaveLength(4);
      expect(host.listenerCount()).toBeGreaterThan(two.host);
      // Gamma streams while its pane closes.
      const gamma = emitIn(host, 'c', 'tc');
      gamma({ type: 'started', startedAt: 1 });
      gamma({ type: 'text_delta', text: 'half a sen' });
      for (const title of ['Gamma', 'Delta', 'Beta'])
        await userEvent.click(within(pane(title)).getByRole('button', { name: `Close pane ${title}` }));
      expect(screen.queryAllByRole('region', { name: /^Pane / })).toHaveLength(0);
      gamma({ type: 'text_delta', text: 'tence' });
      gamma({ type: 'finished', status: 'done' } as never);
      // Back to what one pane holds: the panes' stores heard their last event.
      await userEvent.click(screen.getByRole('button', { name: 'Open Beta beside' }));
      await waitFor(() => expect(panes()).toHaveLength(2));
      expect(host.listenerCount()).toBe(two.host);
      await userEvent.click(within(pane('Beta')).getByRole('button', { name: 'Close pane Beta' }));
      await userEvent.click(screen.getByRole('button', { name: 'Open Beta beside' }));
      await waitFor(() => expect(panes()).toHaveLength(2));
      expect({ host: host.listenerCount(), page: total() }).toEqual(two);
    } finally {
      for (const u of untrack) u();
    }
  });

  it('the separator moves from the keyboard and says where it is', async () => {
    await twoPanes();
    const sep = screen.getByRole('separator', { name: 'Resize Alpha and Beta' });
    expect(sep).toHaveAttribute('aria-valuenow', '50');
    sep.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(sep).toHaveAttribute('aria-valuenow', '52');
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(sep).toHaveAttribute('aria-valuenow', '42');
    await userEvent.keyboard('{Home}');
    expect(sep).toHaveAttribute('aria-valuenow', '20');
    await userEvent.keyboard('{End}');
    expect(sep).toHaveAttribute('aria-valuenow', '80');
  });

  it('keys move focus between panes, swap them and close the focused one', async () => {
    await twoPanes();
    fireEvent.keyDown(window, { key: 'F6' });
    await waitFor(() => expect(pane('Alpha')).toHaveAttribute('data-focused', 'true'));
    await waitFor(() => expect(document.activeElement).toBe(composerIn(pane('Alpha'))));
    fireEvent.keyDown(window, { key: 'ArrowRight', ctrlKey: true, altKey: true, shiftKey: true });
    await waitFor(() =>
      expect(panes().map((p) => within(p).getByTestId('chat-title').textContent)).toEqual(['Beta', 'Alpha']),
    );
    expect(pane('Alpha')).toHaveAttribute('aria-label', 'Pane 2 of 2: Alpha (focused)');
    fireEvent.keyDown(window, { key: 'w', code: 'KeyW', ctrlKey: true, altKey: true });
    // The window's own pane closed: it takes Beta over, and one chat is left.
    await waitFor(() => expect(screen.queryAllByRole('region', { name: /^Pane / })).toHaveLength(0));
    expect(screen.getByTestId('chat-title')).toHaveTextContent('Beta');
  });

  it('Esc in a pane stops that pane’s turn, not the window’s', async () => {
    const { host } = await twoPanes();
    emitIn(host, 'a', 'ta')({ type: 'started', startedAt: 1 });
    emitIn(host, 'b', 'tb')({ type: 'started', startedAt: 1 });
    await waitFor(() => expect(within(pane('Beta')).getByRole('button', { name: /Stop/ })).toBeInTheDocument());
    composerIn(pane('Beta')).focus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(host.callsTo('stopTurn')).toEqual([{ threadId: 'b', turnId: 'tb' }]));
  });

  it('the Board opens a thread beside the one on screen', async () => {
    const host = createFakeHost({ threads: threads() });
    const gamma = {
      threadId: 'c',
      title: 'Gamma',
      status: 'working',
      project: '',
      since: 1,
      activity: '',
      costUsd: 0,
      tokens: { in: 0, out: 0 },
    };
    host.handle('getBoard', () => ({ cap: 4, rows: [{ ...gamma, changes: null }] }));
    const { store } = renderApp({ host });
    await userEvent.click(await screen.findByText('Alpha'));
    act(() => store.getState().setView('board'));
    await userEvent.click(await screen.findByRole('button', { name: 'Open Gamma beside' }));
    await waitFor(() => expect(panes()).toHaveLength(2));
    await waitFor(() => expect(within(pane('Gamma')).getByTestId('chat-title')).toHaveTextContent('Gamma'));
  });

  it('the thread list is read once per change however many panes are open, and each pane shows it', async () => {
    const host = createFakeHost({ threads: threads() });
    await twoPanes(host);
    await userEvent.click(screen.getByRole('button', { name: 'Open Gamma beside' }));
    await waitFor(() => expect(within(pane('Gamma')).getByTestId('chat-title')).toHaveTextContent('Gamma'));
    const before = host.callsTo('listThreads').length;
    host.threads = host.threads.map((t) => (t.id === 'b' ? { ...t, title: 'Beta renamed' } : t));
    act(() => host.emit('threadsChanged', { threadId: 'b', kind: 'renamed' } as never));
    await waitFor(() =>
      expect(within(pane('Beta renamed')).getByTestId('chat-title')).toHaveTextContent('Beta renamed'),
    );
    expect(host.callsTo('listThreads').length - before).toBe(1);
  });

  it('a thread deleted elsewhere takes its pane with it', async () => {
    const { host } = await twoPanes();
    host.threads = host.threads.filter((t) => t.id !== 'b');
    act(() => host.emit('threadsChanged', { threadId: 'b', kind: 'deleted' } as never));
    await waitFor(() => expect(screen.queryAllByRole('region', { name: /^Pane / })).toHaveLength(0));
    expect(screen.getByTestId('chat-title')).toHaveTextContent('Alpha');
  });

  it('the layout is saved with the window and comes back, without a pane whose thread is gone', async () => {
    const { host } = await twoPanes();
    await userEvent.type(composerIn(pane('Beta')), 'half typed');
    await waitFor(() =>
      expect(host.windowState.panes).toMatchObject({
        panes: [{ id: 'main' }, { threadId: 'b' }],
        drafts: { [host.windowState.panes!.panes[1]!.id]: 'half typed' },
      }),
    );
    const saved = host.windowState;
    restoreLayout();
    document.body.innerHTML = '';
    restoreLayout = giveScrollerAViewport();
    const again = createFakeHost({ threads: threads() });
    again.windowState = structuredClone(saved);
    renderApp({ host: again });
    await waitFor(() => expect(panes()).toHaveLength(2));
    await waitFor(() => expect(composerIn(pane('Beta'))).toHaveValue('half typed'));

    document.body.innerHTML = '';
    const gone = createFakeHost({ threads: threads().filter((t) => t.id !== 'b') });
    gone.windowState = structuredClone(saved);
    renderApp({ host: gone });
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Alpha'));
    expect(screen.queryAllByRole('region', { name: /^Pane / })).toHaveLength(0);
  });
});
