import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost, makeThread, summaryOf } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';

const twoThreads = () => [makeThread('a', 'Alpha', [], 2000), makeThread('b', 'Beta', [], 1000)];

describe('continuity: the window resumes where it was', () => {
  it('reopens the thread that was open, with its draft, and the sidebar as it was', async () => {
    const host = createFakeHost({ threads: twoThreads() });
    host.windowState = { activeThreadId: 'b', drafts: { b: 'half a thought' }, sidebarCollapsed: true };
    const { container } = renderApp({ host });
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Beta'));
    expect(screen.getByLabelText('Message')).toHaveValue('half a thought');
    expect(container.querySelector('.app')).toHaveAttribute('data-sidebar-collapsed', 'true');
  });

  it('a thread deleted meanwhile is not reopened: the window starts on a new chat', async () => {
    const host = createFakeHost({ threads: twoThreads() });
    host.windowState = { activeThreadId: 'gone' };
    renderApp({ host });
    await screen.findByText('Alpha');
    expect(screen.getByTestId('chat-title')).toHaveTextContent('New thread');
  });

  it('saves the open thread and the draft as the user works (and nothing before the restore)', async () => {
    const host = createFakeHost({ threads: twoThreads() });
    host.windowState = { activeThreadId: 'a', drafts: { a: 'kept' } };
    renderApp({ host });
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Alpha'));
    expect(host.callsTo('saveWindowState')).toHaveLength(0);
    await userEvent.click(screen.getByText('Beta'));
    await userEvent.type(screen.getByLabelText('Message'), 'draft for beta');
    await waitFor(() => expect(host.windowState.activeThreadId).toBe('b'));
    await waitFor(() => expect(host.windowState.drafts).toEqual({ a: 'kept', b: 'draft for beta' }));
  });

  it('the window title names the thread and says when it waits for approval', async () => {
    const host = createFakeHost({ threads: twoThreads() });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Alpha'));
    await waitFor(() => expect(document.title).toBe('Alpha — Claude Desk'));
    act(() => host.emit('turnEvent', { threadId: 'a', turnId: 't1', type: 'started', startedAt: 1 }));
    await waitFor(() => expect(document.title).toBe('Writing… — Alpha — Claude Desk'));
    act(() =>
      host.emit('turnEvent', {
        threadId: 'a',
        turnId: 't1',
        type: 'approval_request',
        request: { requestId: 'r1', toolName: 'Bash', toolUseId: 'u1', input: { command: 'ls' } } as never,
      }),
    );
    await waitFor(() => expect(document.title).toBe('● Waiting for approval — Alpha — Claude Desk'));
  });

  it('a choice is saved at once, not after the typing delay: a reload right after it finds it', async () => {
    const host = createFakeHost({ threads: twoThreads() });
    const { store } = renderApp({ host });
    await screen.findByText('Alpha');
    await act(async () => {}); // the restore finishes
    act(() => void store.getState().selectThread('b'));
    // Synchronously with the choice itself, no timer in between.
    expect(host.callsTo('saveWindowState')).toEqual([expect.objectContaining({ activeThreadId: 'b' })]);
    act(() => store.getState().setProjectFilter('/home/me/app'));
    expect(host.callsTo('saveWindowState').at(-1)).toMatchObject({ projectFilter: '/home/me/app' });
  });

  it('another thread opened while the restored one still loads is saved: a reload reopens that one', async () => {
    const threads = twoThreads();
    const host = createFakeHost({ threads });
    host.windowState = { activeThreadId: 'a' };
    let loadAlpha: () => void = () => {};
    host.handle('getThread', (input) => {
      const { threadId } = input as { threadId: string };
      const thread = threads.find((t) => t.id === threadId) ?? null;
      return threadId === 'a' ? new Promise((resolve) => (loadAlpha = () => resolve(thread))) : thread;
    });
    const { store } = renderApp({ host });
    await waitFor(() => expect(store.getState().activeThreadId).toBe('a')); // the restore opens it; it loads
    await act(() => store.getState().selectThread('b')); // the user picks another meanwhile
    await act(async () => loadAlpha());
    await waitFor(() => expect(host.windowState.activeThreadId).toBe('b'));
    expect(screen.getByTestId('chat-title')).toHaveTextContent('Beta');
  });

  it('a filter picked while the restore still waits for the host is saved once it is done', async () => {
    const [alpha, beta] = twoThreads();
    alpha!.settings = { projectDir: '/home/me/app' };
    const host = createFakeHost({ threads: [alpha!, beta!] });
    let answer: (v: unknown) => void = () => {};
    host.handle('getWindowState', () => new Promise((resolve) => (answer = resolve)));
    const { store } = renderApp({ host });
    await screen.findByText('Alpha');
    act(() => store.getState().setProjectFilter('/home/me/app'));
    expect(host.callsTo('saveWindowState')).toHaveLength(0); // nothing before the restore
    await act(async () => answer({ drafts: { b: 'kept' } }));
    await waitFor(() =>
      expect(host.windowState).toMatchObject({ projectFilter: '/home/me/app', drafts: { b: 'kept' } }),
    );
  });
});

/** Holds the host's answer to each named call until `release(name)`. */
function holdCalls(host: ReturnType<typeof createFakeHost>, names: ('getWindowState' | 'listThreads')[]) {
  const held = new Map<string, () => void>();
  const answers = { getWindowState: () => host.windowState, listThreads: () => host.threads.map(summaryOf) };
  for (const name of names)
    host.handle(name, () => new Promise((resolve) => held.set(name, () => resolve(answers[name]()))));
  return (name: string) => act(async () => held.get(name)?.());
}

describe('continuity: no "New thread" flash while the last thread reopens', () => {
  const noNewChat = () => {
    expect(screen.getByTestId('chat-title')).not.toHaveTextContent('New thread');
    expect(screen.queryByTestId('empty-state')).toBeNull();
  };

  it('shows a neutral header and no empty state until the saved thread is open; the composer works meanwhile', async () => {
    const host = createFakeHost({ threads: twoThreads() });
    host.windowState = { activeThreadId: 'b' };
    const release = holdCalls(host, ['getWindowState', 'listThreads']);
    renderApp({ host });
    noNewChat();
    expect(screen.getByLabelText('Message')).toBeEnabled();
    await release('getWindowState');
    noNewChat();
    await release('listThreads');
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Beta'));
  });

  it('the user’s own New thread wins at once', async () => {
    const host = createFakeHost({ threads: twoThreads() });
    host.windowState = { activeThreadId: 'b' };
    holdCalls(host, ['getWindowState', 'listThreads']);
    renderApp({ host });
    noNewChat();
    await userEvent.click(screen.getByTestId('new-thread'));
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('New thread'));
    expect(screen.getByTestId('empty-state')).toBeInTheDocument();
  });

  it('a host that never says where the window was: the empty state once the list is in', async () => {
    const host = createFakeHost({ threads: twoThreads() });
    holdCalls(host, ['getWindowState', 'listThreads']);
    const release = holdCalls(host, ['listThreads']);
    renderApp({ host });
    noNewChat();
    await release('listThreads');
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
    expect(screen.getByTestId('chat-title')).toHaveTextContent('New thread');
  });
});
