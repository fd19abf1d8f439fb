import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeHost, makeThread } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';
import { threadOfHash } from './thread-address';

const threads = () => [makeThread('a', 'Alpha', [], 3000), makeThread('b', 'Beta', [], 2000)];
const title = () => screen.getByTestId('chat-title');

// The page first (it puts back the address it found), then the address this file set.
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('a thread’s own address (browser mode)', () => {
  it('opening threads moves the address; Back and Forward move between the threads', async () => {
    renderApp({ host: createFakeHost({ threads: threads(), host: 'web' }) });
    await userEvent.click(await screen.findByText('Alpha'));
    await waitFor(() => expect(window.location.hash).toBe('#/thread/a'));
    await userEvent.click(screen.getByText('Beta'));
    await waitFor(() => expect(window.location.hash).toBe('#/thread/b'));
    window.history.back();
    await waitFor(() => expect(title()).toHaveTextContent('Alpha'));
    expect(window.location.hash).toBe('#/thread/a');
    window.history.forward();
    await waitFor(() => expect(title()).toHaveTextContent('Beta'));
  });

  it('a page opened at a thread’s address shows that thread, not the window’s saved one nor its panes', async () => {
    window.history.replaceState(null, '', '/#/thread/b');
    const host = createFakeHost({ threads: threads(), host: 'web' });
    host.windowState = {
      activeThreadId: 'a',
      panes: {
        panes: [
          { id: 'main', threadId: 'a' },
          { id: 'p1', threadId: 'a' },
        ],
        focused: 'main',
        arrangement: 'columns',
        sizes: [0.5, 0.5],
        rowSplit: 0.5,
      },
    };
    renderApp({ host });
    await waitFor(() => expect(title()).toHaveTextContent('Beta'));
    expect(screen.queryAllByRole('region', { name: /^Pane / })).toHaveLength(0);
  });

  it('Ctrl+click on a row hands the new tab the thread’s address with the token, and the page no link with it', async () => {
    sessionStorage.setItem('claude-desk-token', 'secret-token');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp({ host: createFakeHost({ threads: threads(), host: 'web' }) });
    fireEvent.click(await screen.findByText('Beta'), { ctrlKey: true });
    const url = new URL(open.mock.calls[0]![0] as string);
    expect(url.searchParams.get('token')).toBe('secret-token');
    expect(threadOfHash(url.hash)).toBe('b');
    expect(document.body.innerHTML).not.toContain('secret-token');
    open.mockRestore();
    sessionStorage.removeItem('claude-desk-token');
  });

  it('the desktop window keeps no address', async () => {
    renderApp({ host: createFakeHost({ threads: threads() }) });
    await userEvent.click(await screen.findByText('Beta'));
    await waitFor(() => expect(title()).toHaveTextContent('Beta'));
    expect(window.location.hash).toBe('');
  });
});
