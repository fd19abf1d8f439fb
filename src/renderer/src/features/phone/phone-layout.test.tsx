import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BoardRow } from '../../../../shared/board';
import { App, createAppStore } from '../../App';
import { setApiForTests } from '../../api';
import { createFakeHost, makeThread } from '../../test-support/fake-api';

/** jsdom has no matchMedia: answer as a window `width` px wide would, for the max-width queries the page asks. */
function windowWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  }) as unknown as typeof window.matchMedia;
}
afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

const row = (threadId: string, title: string, status: BoardRow['status'], project = '/home/me/webapp'): BoardRow => ({
  threadId,
  title,
  project,
  status,
  since: 0,
  activity: '',
  costUsd: 0,
  tokens: { in: 0, out: 0 },
  changes: null,
});

function setup(width: number) {
  windowWidth(width);
  const wt = makeThread('w', 'Fix the login redirect');
  wt.settings = {
    projectDir: '/home/me/webapp/.claude/worktrees/login',
    worktree: {
      path: '/home/me/webapp/.claude/worktrees/login',
      branch: 'worktree-login',
      base: 'main',
      repo: '/home/me/webapp',
    } as never,
  };
  const host = createFakeHost({ threads: [makeThread('a', 'Write the notes'), wt], host: 'web' });
  host.handle('getBoard', () => ({
    rows: [
      row('a', 'Write the notes', 'working'),
      row('w', 'Fix the login redirect', 'needs-you', '/home/me/other'),
      row('c', 'Tidy the CSS', 'finished'),
    ],
    cap: 4,
  }));
  setApiForTests(host.api);
  render(<App store={createAppStore()} api={host.api} />);
  return host;
}

describe('a phone-sized window (390 px)', () => {
  it('opens on the Board, with "Needs you" on top, and a bar of Board, Thread and Threads at the bottom', async () => {
    setup(390);
    const board = await screen.findByTestId('board-view');
    const groups = within(board).getAllByRole('region');
    expect(groups[0]).toHaveAccessibleName('Needs you');
    expect(within(groups[0]!).getByTestId('board-row')).toHaveTextContent('Fix the login redirect');
    expect(within(groups[0]!).getByTestId('board-row')).toHaveTextContent('other');
    const nav = screen.getByRole('navigation', { name: 'Go to' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Board1', 'Thread', 'Threads']);
    expect(within(nav).getByRole('button', { name: /Board/ })).toHaveAttribute('aria-current', 'page');
  });

  it('the bar moves by thumb between the board, the thread and its Changes', async () => {
    const host = setup(360);
    await screen.findByTestId('board-view');
    await userEvent.click(screen.getByRole('button', { name: 'Fix the login redirect' }));
    const nav = screen.getByRole('navigation', { name: 'Go to' });
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: /Thread$/ })).toHaveAttribute('aria-current', 'page'),
    );
    await userEvent.click(within(nav).getByRole('button', { name: /Changes/ }));
    await waitFor(() => expect(host.callsTo('getChanges')).toEqual([{ threadId: 'w' }]));
    expect(within(nav).getByRole('button', { name: /Changes/ })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('button', { name: /Board/ }));
    expect(await screen.findByTestId('board-view')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: /Threads/ }));
    expect(within(nav).getByRole('button', { name: /Threads/ })).toHaveAttribute('aria-current', 'page');
  });

  it('a wide window keeps the chat first and the board grouped by project only', async () => {
    setup(1280);
    await screen.findByTestId('chat-header');
    expect(screen.queryByTestId('board-view')).not.toBeInTheDocument();
  });
});
