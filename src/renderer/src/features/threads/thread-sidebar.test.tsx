import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createFakeHost, makeThread, summaryOf } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const threeThreads = () => [
  makeThread('a', 'Older', [], 1000),
  makeThread('b', 'Newest', [], 3000),
  makeThread('c', 'Middle', [], 2000),
];

describe('thread sidebar', () => {
  it('on a paired device’s page offers no History, Usage or Settings (the device gate refuses them)', async () => {
    const app = renderApp({ host: createFakeHost({ threads: threeThreads() }) });
    await screen.findByText('Newest');
    expect(screen.getByTestId('open-settings')).toBeInTheDocument();
    expect(screen.getByTestId('tab-history')).toBeInTheDocument();
    act(() => app.store.setState({ devicePage: true }));
    await waitFor(() => expect(screen.queryByTestId('open-settings')).not.toBeInTheDocument());
    expect(screen.queryByTestId('open-usage')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tab-history')).not.toBeInTheDocument();
    expect(screen.getByTestId('tab-board')).toBeInTheDocument();
    expect(screen.getByText('Newest')).toBeInTheDocument();
  });

  it('lists threads most recent first', async () => {
    renderApp({ host: createFakeHost({ threads: threeThreads() }) });
    await screen.findByText('Newest');
    const titles = within(screen.getByTestId('thread-list'))
      .getAllByTestId('thread-item')
      .map((li) => li.querySelector('.thread-title')?.textContent);
    expect(titles).toEqual(['Newest', 'Middle', 'Older']);
  });

  it('1,000 threads: only a window of rows is in the page; End/Home reach the last and first, the open one stays tabbable', async () => {
    // jsdom does not scroll: make scrollTo move the list and say so, as a browser does.
    const proto = HTMLElement.prototype as unknown as { scrollTo?: (o: ScrollToOptions) => void };
    const before = proto.scrollTo;
    proto.scrollTo = function (this: HTMLElement, o: ScrollToOptions) {
      this.scrollTop = o.top ?? this.scrollTop;
      this.dispatchEvent(new Event('scroll'));
    };
    onTestFinished(() => void (proto.scrollTo = before));
    const many = Array.from({ length: 1000 }, (_, i) => makeThread(`t${i}`, `Thread ${i}`, [], 1_000_000 - i));
    renderApp({ host: createFakeHost({ threads: many }) });
    await screen.findByText('Thread 0');
    const list = screen.getByTestId('thread-list');
    const scroller = screen.getByTestId('thread-list-scroller');
    // jsdom has no layout: give the list the viewport and content height a browser would.
    Object.defineProperty(scroller, 'clientHeight', { get: () => 800 });
    Object.defineProperty(scroller, 'scrollHeight', { get: () => parseFloat(list.style.height) || 0 });
    const rendered = () => within(list).queryAllByTestId('thread-item').length;
    expect(rendered()).toBeGreaterThan(10);
    expect(rendered()).toBeLessThan(100);
    expect(within(list).queryByText('Thread 999')).toBeNull();

    within(list).getByText('Thread 0').closest('button')!.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(within(list).getByText('Thread 999').closest('button')).toHaveFocus());
    expect(rendered()).toBeLessThan(100);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Thread 999'));
    within(list).getByText('Thread 999').closest('button')!.focus();
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(within(list).getByText('Thread 0').closest('button')).toHaveFocus());
    // The open thread, scrolled far out of view, is still the list's one tab stop.
    const tabStops = [...list.querySelectorAll('button')].filter((b) => b.tabIndex >= 0);
    expect(tabStops.map((b) => b.textContent)).toEqual([expect.stringContaining('Thread 0')]);
  });

  it('renames inline: Enter saves, Esc cancels', async () => {
    const host = createFakeHost({ threads: threeThreads() });
    renderApp({ host });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Middle' }));
    const input = screen.getByLabelText('Thread name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Quarterly plan{Enter}');
    await waitFor(() => expect(host.callsTo('renameThread')).toEqual([{ threadId: 'c', title: 'Quarterly plan' }]));
    expect(screen.getByText('Quarterly plan')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Rename Older' }));
    await userEvent.type(screen.getByLabelText('Thread name'), ' nope{Escape}');
    expect(screen.getByText('Older')).toBeInTheDocument();
    expect(host.callsTo('renameThread')).toHaveLength(1);
  });

  it('one tab stop for the whole list: arrows move between threads, Enter opens, F2 renames, Delete asks', async () => {
    const host = createFakeHost({ threads: threeThreads() });
    renderApp({ host });
    await screen.findByText('Older');
    const list = screen.getByTestId('thread-list');
    const tabbable = () =>
      [...list.querySelectorAll('button, input')].filter((el) => (el as HTMLElement).tabIndex >= 0);
    expect(tabbable()).toHaveLength(1);
    const row = (title: string) => within(list).getByText(title).closest('button')!;
    row('Newest').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(row('Middle')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Middle'));
    row('Middle').focus();
    expect(tabbable()).toEqual([row('Middle')]);

    await userEvent.keyboard('{F2}');
    const input = screen.getByLabelText('Thread name');
    expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.type(input, 'Renamed{Enter}');
    await waitFor(() => expect(host.callsTo('renameThread')).toEqual([{ threadId: 'c', title: 'Renamed' }]));
    expect(row('Renamed')).toHaveFocus();

    await userEvent.keyboard('{Delete}');
    expect(screen.getByRole('alertdialog', { name: 'Delete “Renamed”?' })).toBeInTheDocument();
  });

  it('deletes only after the confirmation dialog; Cancel keeps the thread', async () => {
    const host = createFakeHost({ threads: threeThreads() });
    renderApp({ host });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Older' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete “Older”?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(host.callsTo('deleteThread')).toHaveLength(0);
    expect(screen.getByText('Older')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Older' }));
    dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete thread' }));
    await waitFor(() => expect(host.callsTo('deleteThread')).toEqual([{ threadId: 'a' }]));
    await waitFor(() => expect(screen.queryByText('Older')).not.toBeInTheDocument());
  });

  it('searches titles and content through the host and shows the snippet with the words marked', async () => {
    const host = createFakeHost({ threads: threeThreads() });
    host.handle('searchThreads', () => [{ thread: summaryOf(host.threads[0]!), snippet: '…the Budget spreadsheet…' }]);
    renderApp({ host });
    await screen.findByText('Newest');
    await userEvent.type(screen.getByTestId('thread-search'), 'budget');
    const snippet = await screen.findByTestId('thread-snippet');
    expect(snippet).toHaveTextContent('…the Budget spreadsheet…');
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Budget']);
    expect(host.callsTo('searchThreads')).toContainEqual({ query: 'budget' });
    expect(screen.queryByText('Newest')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('thread-search'));
    expect(await screen.findByText('Newest')).toBeInTheDocument();
  });

  it('marks a thread whose turn is running, and clears the mark when it finishes', async () => {
    const host = createFakeHost({ threads: threeThreads() });
    renderApp({ host });
    await screen.findByText('Older');
    act(() => host.emit('turnEvent', { threadId: 'a', turnId: 'x', type: 'started', startedAt: 1 }));
    const row = screen.getByText('Older').closest('li')!;
    expect(within(row).getByTestId('thread-running')).toBeInTheDocument();
    act(() => host.emit('turnEvent', { threadId: 'a', turnId: 'x', type: 'finished', status: 'done' }));
    expect(within(row).queryByTestId('thread-running')).not.toBeInTheDocument();
  });

  it('New thread on an empty open thread keeps that one instead of making another', async () => {
    const host = createFakeHost({ threads: threeThreads() });
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('new-thread'));
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('New thread'));
    await userEvent.click(screen.getByTestId('new-thread'));
    await userEvent.keyboard('{Control>}n{/Control}');
    expect(host.callsTo('createThread')).toHaveLength(1);
    expect(screen.getByTestId('chat-title')).toHaveTextContent('New thread');
  });

  it('a reused untouched thread starts in the mode Settings holds now, like a new one', async () => {
    const host = createFakeHost({ threads: threeThreads() });
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('new-thread'));
    await waitFor(() => expect(screen.getByTestId('permission-select')).toHaveValue('acceptEdits'));
    act(() => host.emit('settingsChanged', { ...host.settings, permissionMode: 'ask' }));
    await userEvent.click(screen.getByTestId('new-thread'));
    await waitFor(() => expect(screen.getByTestId('permission-select')).toHaveValue('ask'));
    expect(host.callsTo('createThread')).toHaveLength(1);
    expect(host.callsTo('updateThreadSettings')).toEqual([
      { threadId: 'th-new-4', settings: { permissionMode: 'ask' } },
    ]);
  });

  it('in browser mode New thread says Alt+N (the browser keeps Ctrl+N), and Alt+N works', async () => {
    const host = createFakeHost({ threads: threeThreads(), host: 'web' });
    renderApp({ host });
    await waitFor(() => expect(screen.getByTestId('new-thread')).toHaveAttribute('title', 'New thread (Alt+N)'));
    await userEvent.keyboard('{Alt>}n{/Alt}');
    await waitFor(() => expect(host.callsTo('createThread')).toHaveLength(1));
  });

  it('Cmd/Ctrl+N starts a new thread and the menu command opens Settings', async () => {
    const host = createFakeHost({ threads: threeThreads() });
    renderApp({ host });
    await screen.findByText('Older');
    await userEvent.keyboard('{Control>}n{/Control}');
    await waitFor(() => expect(host.callsTo('createThread')).toHaveLength(1));
    expect(await screen.findByTestId('chat-title')).toHaveTextContent('New thread');
    act(() => host.emit('command', { command: 'open-settings' }));
    expect(await screen.findByTestId('settings-view')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('settings-view')).not.toBeInTheDocument();
    await userEvent.keyboard('{Control>},{/Control}');
    expect(await screen.findByTestId('settings-view')).toBeInTheDocument();
  });
});
