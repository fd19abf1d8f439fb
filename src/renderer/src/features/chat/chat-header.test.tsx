import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

describe('chat header', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('on a narrow window its sidebar button shows the sidebar over the chat, and choosing a thread hides it', async () => {
    narrowWindow(true);
    const host = createFakeHost({ threads: [makeThread('a', 'Alpha'), makeThread('b', 'Beta')] });
    const { container } = renderApp({ host });
    const app = container.querySelector('.app')!;
    const toggle = await screen.findByTestId('sidebar-toggle');
    expect(toggle).toHaveAccessibleName('Show sidebar');
    expect(toggle).toHaveAttribute('aria-controls', 'thread-sidebar');
    expect(document.getElementById('thread-sidebar')).toBeInTheDocument();
    expect(app).toHaveAttribute('data-sidebar', 'closed');
    await userEvent.click(toggle);
    expect(app).toHaveAttribute('data-sidebar', 'open');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(screen.getByTestId('thread-list')).getByText('Beta'));
    expect(app).toHaveAttribute('data-sidebar', 'closed');
    expect(screen.getByTestId('chat-title')).toHaveTextContent('Beta');
  });

  it('on a wide window the same button, or Ctrl+B, folds the sidebar away and back', async () => {
    narrowWindow(false);
    const host = createFakeHost({ threads: [makeThread('a', 'Alpha')] });
    const { container } = renderApp({ host });
    const app = container.querySelector('.app')!;
    const toggle = await screen.findByTestId('sidebar-toggle');
    expect(toggle).toHaveAccessibleName('Hide sidebar');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(app).toHaveAttribute('data-sidebar-collapsed', 'true');
    expect(toggle).toHaveAccessibleName('Show sidebar');
    await userEvent.keyboard('{Control>}b{/Control}');
    expect(app).not.toHaveAttribute('data-sidebar-collapsed');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('after Continue here the total says what the session cost before and what this thread spent since', async () => {
    narrowWindow(false);
    const continued = makeThread('c', 'A long refactor');
    continued.totals = { ...continued.totals, costBeforeUsd: 3.14 };
    renderApp({ host: createFakeHost({ threads: [continued] }) });
    const total = await openedTotal('A long refactor');
    // Nothing spent here yet: only what came with the session, said as such (never "$3.14 · 0 turns").
    expect(total).toHaveTextContent(/^\$3\.14 before continuing$/);
    expect(total).toHaveAttribute('title', expect.stringContaining('$3.14 before it was continued here'));
  });

  it('after a turn in a continued thread, the cost before and the cost here stand apart', async () => {
    narrowWindow(false);
    const continued = makeThread('c', 'A long refactor');
    continued.totals = {
      ...continued.totals,
      costBeforeUsd: 3.14,
      costUsd: 0.02,
      inputTokens: 1000,
      outputTokens: 200,
      turns: 1,
    };
    renderApp({ host: createFakeHost({ threads: [continued] }) });
    const total = await openedTotal('A long refactor');
    // Short enough to sit beside the model and folder; the tokens are in the tooltip.
    expect(total).toHaveTextContent(/^\$3\.14 before · \$0\.020 here · 1 turn$/);
    expect(total).toHaveAttribute(
      'title',
      expect.stringMatching(/cost \$3\.14 before .* since: \$0\.020, 1\.2k tokens, 1 turn/),
    );
  });

  it('a thread of its own shows its total as before: cost, tokens, turns', async () => {
    narrowWindow(false);
    const own = makeThread('a', 'Alpha');
    own.totals = { ...own.totals, costUsd: 0.5, inputTokens: 100, outputTokens: 20, turns: 2 };
    renderApp({ host: createFakeHost({ threads: [own] }) });
    expect(await openedTotal('Alpha')).toHaveTextContent(/^\$0\.500 · 120 tokens · 2 turns$/);
  });

  it('the mode selector shows the mode Claude Code took when it took another than the one chosen (case 60)', async () => {
    narrowWindow(false);
    const alpha = makeThread('a', 'Alpha');
    alpha.settings = { permissionMode: 'acceptEdits' };
    const host = createFakeHost({ threads: [alpha] });
    // The host saves and answers the mode Claude Code answered set_permission_mode with: a managed setting keeps Ask.
    host.handle('updateThreadSettings', () => {
      alpha.settings = { permissionMode: 'ask' };
      return alpha.settings;
    });
    renderApp({ host });
    await userEvent.click(await within(await screen.findByTestId('thread-list')).findByText('Alpha'));
    const select = await screen.findByTestId('permission-select');
    expect(select).toHaveValue('acceptEdits');
    await userEvent.selectOptions(select, 'plan');
    expect(host.callsTo('updateThreadSettings')).toEqual([{ threadId: 'a', settings: { permissionMode: 'plan' } }]);
    await waitFor(() => expect(screen.getByTestId('permission-select')).toHaveValue('ask'));
  });

  it("another window's selector follows the mode the thread was saved in (threadsChanged)", async () => {
    narrowWindow(false);
    const alpha = makeThread('a', 'Alpha');
    alpha.settings = { permissionMode: 'acceptEdits' };
    const host = createFakeHost({ threads: [alpha] });
    renderApp({ host });
    await userEvent.click(await within(await screen.findByTestId('thread-list')).findByText('Alpha'));
    expect(await screen.findByTestId('permission-select')).toHaveValue('acceptEdits');
    // Claude Code started in Ask instead of Full access in another window's turn: the host saved that and says so.
    alpha.settings = { permissionMode: 'ask' };
    act(() => host.emit('threadsChanged', { threadId: 'a', kind: 'updated' }));
    await waitFor(() => expect(screen.getByTestId('permission-select')).toHaveValue('ask'));
  });
});

/** The header's total once the thread of that title is open. */
async function openedTotal(title: string): Promise<HTMLElement> {
  await userEvent.click(await within(await screen.findByTestId('thread-list')).findByText(title));
  return screen.findByTestId('thread-total');
}

/** jsdom has no matchMedia: answer the narrow-window query as a window of that width would. */
function narrowWindow(narrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}
