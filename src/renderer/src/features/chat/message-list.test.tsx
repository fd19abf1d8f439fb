import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../../shared/threads';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

function longThread(n: number): ChatMessage[] {
  return Array.from({ length: n }, (_, i): ChatMessage =>
    i % 2 === 0
      ? { id: `u${i}`, role: 'user', createdAt: i, text: `Question ${i}` }
      : {
          id: `a${i}`,
          role: 'assistant',
          createdAt: i,
          status: 'done',
          parts: [{ kind: 'text', text: `Answer ${i}` }],
        },
  );
}

/**
 * A 200-message thread opened; jsdom has no layout, so the content gets a height (`contentHeight`) for "distance from
 * the bottom" to mean something, and `scrollTo` is a scroll the list hears.
 */
async function openScrollableThread() {
  const host = createFakeHost({ threads: [makeThread('big', 'Big thread', longThread(200))] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Big thread'));
  await screen.findByText('Answer 199');
  const scroller = screen.getByTestId('message-scroller');
  const contentHeight = (value: number) =>
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value });
  const scrollTo = (top: number) =>
    act(() => {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
    });
  return { scroller, contentHeight, scrollTo };
}

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

describe('message list', () => {
  it('opens a 2,000-message thread at its latest message with only a window of rows in the DOM', async () => {
    const host = createFakeHost({ threads: [makeThread('big', 'Big thread', longThread(2000))] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Big thread'));
    expect(await screen.findByText('Answer 1999')).toBeInTheDocument();
    const rows = screen.getAllByRole('article');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(40);
    expect(screen.queryByText('Question 0')).not.toBeInTheDocument();
  });

  it('stops following when the reader scrolls up and offers "Jump to latest"', async () => {
    const { scroller, contentHeight, scrollTo } = await openScrollableThread();
    contentHeight(28_000);
    scrollTo(27_200);
    expect(screen.queryByTestId('jump-latest')).not.toBeInTheDocument();
    scrollTo(20_000);
    const jump = await screen.findByTestId('jump-latest');
    await userEvent.click(jump);
    expect(scroller.scrollTop).toBe(28_000);
    await waitFor(() => expect(screen.queryByTestId('jump-latest')).not.toBeInTheDocument());
  });

  it('a scroll up while the content changes size, with no hand on the list, does not stop following', async () => {
    const { scroller, contentHeight, scrollTo } = await openScrollableThread();
    contentHeight(28_000);
    scrollTo(27_200);
    // The browser clamped the list to a shorter end, and by the time its scroll event came the answer had grown.
    contentHeight(28_600);
    scrollTo(27_000);
    expect(screen.queryByTestId('jump-latest')).not.toBeInTheDocument();
    expect(scroller.scrollTop).toBe(28_600); // still following: back at the end
    // The same scroll with the reader's wheel on the list is the reader's: it stops following.
    contentHeight(29_000);
    fireEvent.wheel(scroller, { deltaY: -400 });
    scrollTo(26_000);
    expect(await screen.findByTestId('jump-latest')).toBeInTheDocument();
  });

  it('sending a message follows the conversation again after the reader scrolled up', async () => {
    const { scroller, contentHeight, scrollTo } = await openScrollableThread();
    contentHeight(28_000);
    scrollTo(27_200);
    scrollTo(20_000);
    await screen.findByTestId('jump-latest');
    await userEvent.type(screen.getByLabelText('Message'), 'one more thing{Enter}');
    await waitFor(() => expect(screen.queryByTestId('jump-latest')).not.toBeInTheDocument());
    expect(scroller.scrollTop).toBe(28_000);
  });

  it('scrolling, the rows in view are in the page at every step, and a jump far up shows its rows in that event', async () => {
    const host = createFakeHost({ threads: [makeThread('big', 'Big thread', longThread(2000))] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Big thread'));
    await screen.findByText('Answer 1999');
    const scroller = screen.getByTestId('message-scroller');
    // jsdom lays nothing out: every row is at its estimated height (140 px), the view 800 px.
    const inView = () => {
      const first = Math.floor(scroller.scrollTop / 140);
      return [first, first + 5].map((i) => (i % 2 === 0 ? `Question ${i}` : `Answer ${i}`));
    };
    const end = 2000 * 140 - 800;
    for (let step = 1; step <= 10; step++) {
      act(() => {
        scroller.scrollTop = end - step * 800;
        fireEvent.scroll(scroller);
        // What the frame of this scroll event paints: rendered then, or before.
        for (const text of inView()) expect(screen.getByText(text)).toBeInTheDocument();
      });
    }
    act(() => {
      scroller.scrollTop = 140 * 500;
      fireEvent.scroll(scroller);
      expect(screen.getByText('Question 500')).toBeInTheDocument();
    });
  });

  it('links open outside the app: openExternal on the desktop, a new tab in browser mode', async () => {
    const answer: ChatMessage[] = [
      {
        id: 'a1',
        role: 'assistant',
        createdAt: 1,
        status: 'done',
        parts: [{ kind: 'text', text: 'See [the docs](https://docs.example.com/x).\n\n```ts\nconst a = 1;\n```' }],
      },
    ];
    const desktop = createFakeHost({ threads: [makeThread('t', 'Links', answer)] });
    const { unmount } = renderApp({ host: desktop });
    await userEvent.click(await screen.findByText('Links'));
    await userEvent.click(await screen.findByRole('link', { name: 'the docs' }));
    expect(desktop.callsTo('openExternal')).toEqual([{ url: 'https://docs.example.com/x' }]);
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    expect(screen.getByText('ts')).toBeInTheDocument();
    unmount();

    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const web = createFakeHost({ threads: [makeThread('t', 'Links', answer)], host: 'web' });
    renderApp({ host: web });
    await userEvent.click(await screen.findByText('Links'));
    await waitFor(() => expect(web.callsTo('getAppInfo')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('link', { name: 'the docs' }));
    expect(open).toHaveBeenCalledWith('https://docs.example.com/x', '_blank', 'noopener');
    expect(web.callsTo('openExternal')).toHaveLength(0);
    open.mockRestore();
  });
});
