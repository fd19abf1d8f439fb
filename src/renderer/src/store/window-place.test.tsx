import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WindowState } from '../../../shared/window-state';
import { createFakeHost, makeThread } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';
import { TAB_STATE_KEY } from './continuity';

const threads = () => [makeThread('a', 'Alpha', [], 3000), makeThread('b', 'Beta', [], 2000), makeThread('c', 'Gamma')];
const title = () => screen.getAllByTestId('chat-title')[0]!;
const panes = () => screen.queryAllByRole('region', { name: /^Pane / });
const twoPanes = (main: string, beside: string): WindowState['panes'] => ({
  panes: [
    { id: 'main', threadId: main },
    { id: 'p1', threadId: beside },
  ],
  focused: 'main',
  arrangement: 'columns',
  sizes: [0.5, 0.5],
  rowSplit: 0.5,
});

/** How the page was reached: a reload of the same tab, or a new tab. */
function navigatedBy(type: 'reload' | 'navigate') {
  return vi
    .spyOn(performance, 'getEntriesByType')
    .mockReturnValue([{ type } as unknown as PerformanceEntry] as PerformanceEntryList);
}

/** The page of a desktop window that main opened with `?window=<key>`. */
function desktopWindow(key: string) {
  window.history.replaceState(null, '', `/?window=${key}`);
  (window as { desk?: unknown }).desk = {}; // the preload's bridge is there (the test's host answers)
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (window as { desk?: unknown }).desk;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('each window its own place', () => {
  it('a second desktop window opens on its own thread and panes and saves them as its own', async () => {
    desktopWindow('w-2');
    const host = createFakeHost({ threads: threads() });
    host.windowState = { activeThreadId: 'a' }; // the first window's
    host.windowStates['w-2'] = { activeThreadId: 'b', panes: twoPanes('b', 'c') };
    renderApp({ host });
    await waitFor(() => expect(panes()).toHaveLength(2));
    expect(screen.getByRole('region', { name: /^Pane 1 of 2: Beta/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Pane 2 of 2: Gamma/ })).toBeInTheDocument();
    expect(host.callsTo('getWindowState')).toEqual([{ window: 'w-2' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Close pane Gamma' }));
    await waitFor(() => expect(host.windowStates['w-2']?.panes?.panes).toHaveLength(1));
    expect(host.windowState).toEqual({ activeThreadId: 'a' }); // the first window's place is untouched
  });

  it('the first desktop window keeps the one file a single window always had', async () => {
    desktopWindow('main');
    const host = createFakeHost({ threads: threads() });
    host.windowState = { activeThreadId: 'b' };
    renderApp({ host });
    await waitFor(() => expect(title()).toHaveTextContent('Beta'));
    expect(host.callsTo('getWindowState')).toEqual([undefined]);
  });

  it('browser mode: a reload keeps the tab’s own panes, though another tab saved its layout since', async () => {
    const host = createFakeHost({ threads: threads(), host: 'web' });
    host.windowState = { activeThreadId: 'a' }; // what the other tab saved last
    sessionStorage.setItem(TAB_STATE_KEY, JSON.stringify({ activeThreadId: 'b', panes: twoPanes('b', 'c') }));
    navigatedBy('reload');
    renderApp({ host });
    await waitFor(() => expect(panes()).toHaveLength(2));
    expect(within(panes()[0]!).getByTestId('chat-title')).toHaveTextContent('Beta');
    expect(host.callsTo('getWindowState')).toHaveLength(0);
  });

  it('browser mode: a new tab starts from the layout saved last, and keeps its own from then on', async () => {
    const host = createFakeHost({ threads: threads(), host: 'web' });
    host.windowState = { activeThreadId: 'a', panes: twoPanes('a', 'b') };
    sessionStorage.setItem(TAB_STATE_KEY, JSON.stringify({ activeThreadId: 'c' })); // not this tab's: no reload
    navigatedBy('navigate');
    renderApp({ host });
    await waitFor(() => expect(panes()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Close pane Beta' }));
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(TAB_STATE_KEY)!)).toMatchObject({ activeThreadId: 'a' }),
    );
    expect((JSON.parse(sessionStorage.getItem(TAB_STATE_KEY)!) as WindowState).panes?.panes).toHaveLength(1);
  });

  it('Open in new window: a pane’s header and a Ctrl+click on a row ask the desktop app for a window', async () => {
    const host = createFakeHost({ threads: threads() });
    host.windowState = { activeThreadId: 'a', panes: twoPanes('a', 'b') };
    renderApp({ host });
    await waitFor(() => expect(panes()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Open Beta in a new window' }));
    expect(host.callsTo('openWindow')).toEqual([{ threadId: 'b' }]);
    const row = screen.getAllByTestId('thread-item').find((r) => r.textContent?.includes('Gamma'))!;
    fireEvent.click(row.querySelector('.thread-open')!, { ctrlKey: true });
    await waitFor(() => expect(host.callsTo('openWindow')).toEqual([{ threadId: 'b' }, { threadId: 'c' }]));
    expect(panes()).toHaveLength(2); // the window keeps what it shows

    host.handle('openWindow', () => Promise.reject(new Error('no display')));
    await userEvent.click(screen.getByRole('button', { name: 'Open Alpha in a new window' }));
    expect(await screen.findByText(/The new window did not open: .*no display/)).toBeInTheDocument();
  });
});
