import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeHost, makeThread, type FakeHost } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

async function openThread(): Promise<{ host: FakeHost; box: HTMLTextAreaElement }> {
  const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  return { host, box: screen.getByLabelText('Message') as HTMLTextAreaElement };
}

describe('composer: the / command picker', () => {
  it('lists the project command with its description and hint; Enter completes it, the next Enter sends it', async () => {
    const { host, box } = await openThread();
    await userEvent.type(box, '/hel');
    const picker = await screen.findByTestId('command-picker');
    const option = within(picker).getByRole('option', { selected: true });
    expect(option).toHaveTextContent('/hello');
    expect(option).toHaveTextContent('<name>');
    expect(option).toHaveTextContent('Greets someone by name');
    await userEvent.keyboard('{Enter}');
    expect(box.value).toBe('/hello ');
    expect(screen.queryByTestId('command-picker')).not.toBeInTheDocument();
    await userEvent.type(box, 'world{Enter}');
    await waitFor(() =>
      expect(host.callsTo('sendMessage')).toEqual([expect.objectContaining({ threadId: T, text: '/hello world' })]),
    );
  });

  it('arrows move the highlight; Esc closes the picker without stopping anything', async () => {
    const { host, box } = await openThread();
    await userEvent.type(box, '/');
    const picker = await screen.findByTestId('command-picker');
    await waitFor(() => expect(within(picker).getAllByRole('option').length).toBeGreaterThan(2));
    const first = within(picker).getByRole('option', { selected: true }).textContent;
    await userEvent.keyboard('{ArrowDown}');
    expect(within(picker).getByRole('option', { selected: true }).textContent).not.toBe(first);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('command-picker')).not.toBeInTheDocument();
    expect(host.callsTo('stopTurn')).toEqual([]);
  });

  it('the list is named and reachable by keyboard; the text box points at it only once it is there', async () => {
    const { box } = await openThread();
    await userEvent.type(box, '/');
    const picker = await screen.findByTestId('command-picker');
    const list = await within(picker).findByRole('listbox', { name: 'Commands' });
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    // Tab from the text box would pick; the list itself is in the tab order and takes arrows and Enter.
    expect(list).toHaveAttribute('tabindex', '0');
    list.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(list.getAttribute('aria-activedescendant')).toBe(`${list.id}-1`);
    for (const option of within(list).getAllByRole('option')) expect(option).toHaveAccessibleName(/^\/\S+/);
  });

  it('a terminal-only command typed in full is not sent: a notice says why, the text stays', async () => {
    const { host, box } = await openThread();
    await userEvent.type(box, '/color red{Enter}');
    expect(await screen.findByText(/\/color sets the colour of Claude Code’s terminal prompt/)).toBeInTheDocument();
    expect(host.callsTo('sendMessage')).toEqual([]);
    expect(box.value).toBe('/color red');
  });

  it('/clear runs natively: a fresh session, nothing sent to Claude', async () => {
    const { host, box } = await openThread();
    await userEvent.type(box, '/clear{Enter}');
    await waitFor(() => expect(host.callsTo('clearSession')).toEqual([{ threadId: T }]));
    expect(host.callsTo('sendMessage')).toEqual([]);
    expect(box.value).toBe('');
  });

  it('/cost and /model open their panels', async () => {
    const { box } = await openThread();
    await userEvent.type(box, '/cost{Enter}');
    expect(await screen.findByTestId('cost-panel')).toHaveTextContent('Turns');
    await userEvent.keyboard('{Escape}');
    await userEvent.type(box, '/model{Enter}');
    const panel = await screen.findByTestId('model-panel');
    expect(await within(panel).findByRole('button', { name: /Sonnet/ })).toBeInTheDocument();
  });

  it('a model id typed in the /model panel applies with Enter and sends nothing; the panel nests no form', async () => {
    const { host, box } = await openThread();
    await userEvent.type(box, '/model{Enter}');
    const panel = await screen.findByTestId('model-panel');
    expect(panel.closest('form')?.querySelector('form')).toBeNull();
    await userEvent.type(within(panel).getByLabelText('Model id'), 'claude-opus-4-1{Enter}');
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toContainEqual({
        threadId: T,
        settings: { model: 'claude-opus-4-1' },
      }),
    );
    expect(host.callsTo('sendMessage')).toEqual([]);
  });
});

describe('composer: the @ file picker', () => {
  it('offers README.md for @READ and inserts the reference the CLI reads', async () => {
    const { host, box } = await openThread();
    await userEvent.type(box, 'Look at @READ');
    const picker = await screen.findByTestId('file-picker');
    expect(await within(picker).findByRole('option', { name: /README\.md/ })).toBeInTheDocument();
    expect(host.callsTo('searchProjectFiles').at(-1)).toEqual({ threadId: T, query: 'READ', limit: 50 });
    await userEvent.keyboard('{Tab}');
    expect(box.value).toBe('Look at @README.md ');
  });

  it('while the host still lists the folder, says how far it got and fills the list as it goes', async () => {
    const { host, box } = await openThread();
    let asked = 0;
    host.handle('searchProjectFiles', (input) => {
      const { query } = input as { query: string };
      if (query !== 'READ') return { matches: [], truncated: false, total: 0, indexing: false };
      asked++;
      return asked === 1
        ? { matches: [], truncated: false, total: 1234, indexing: true }
        : { matches: [{ path: 'README.md', positions: [0, 1, 2, 3] }], truncated: false, total: 5000, indexing: false };
    });
    await userEvent.type(box, '@READ');
    const picker = await screen.findByTestId('file-picker');
    expect(await within(picker).findByText(/Still listing the folder: 1,234 files so far/)).toBeInTheDocument();
    expect(await within(picker).findByRole('option', { name: /README\.md/ })).toBeInTheDocument();
    expect(within(picker).queryByText(/Still listing/)).not.toBeInTheDocument();
  });
});
