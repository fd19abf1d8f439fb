import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BoardRow, BoardState } from '../../../../shared/board';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { renderWithStore } from '../../test-support/render-with-store';
import { BoardView } from './board-view';

const NOW = 1_800_000_000_000;
const row = (over: Partial<BoardRow> & Pick<BoardRow, 'threadId' | 'title' | 'status'>): BoardRow => ({
  project: '/home/me/repo',
  since: NOW,
  activity: '',
  costUsd: 0,
  tokens: { in: 0, out: 0 },
  changes: null,
  ...over,
});
const worktree = (name: string) => ({
  branch: `worktree-${name}`,
  base: 'main',
  worktreePath: `/home/me/repo/.claude/worktrees/${name}`,
});

const BOARD: BoardState = {
  cap: 4,
  rows: [
    row({
      threadId: 'ask',
      title: 'Fix login',
      status: 'needs-you',
      since: NOW - 65_000,
      activity: 'Bash npm test',
      pending: {
        turnId: 'ask-1',
        card: {
          request: {
            requestId: 'r1',
            toolUseId: 'u1',
            toolName: 'Bash',
            input: { command: 'npm test' },
            suggestions: [],
          },
        },
        toolInput: { command: 'npm test' },
      },
    }),
    row({
      threadId: 'work',
      title: 'Write notes',
      status: 'working',
      since: NOW - 7_000,
      costUsd: 0.05,
      tokens: { in: 11_500, out: 600 },
      ...worktree('notes'),
    }),
    row({ threadId: 'site', title: 'Blog post', status: 'queued', running: 4, project: '/home/me/site' }),
    row({ threadId: 'bad', title: 'Broken build', status: 'failed', since: NOW - 1_476_000, activity: 'Exit 1' }),
    row({
      threadId: 'done',
      title: 'Add a list of every command with its flags',
      status: 'finished',
      since: NOW - 60_000,
      changes: { files: 2, added: 12, removed: 3 },
      ...worktree('commands'),
    }),
  ],
};

function boardHost(board: BoardState = BOARD) {
  const host = createFakeHost({
    threads: BOARD.rows.map((r) => makeThread(r.threadId, r.title)),
  });
  host.handle('getBoard', () => board);
  host.handle('listClaudeAgents', () => ({ ok: true, agents: [] }));
  return host;
}

describe('the Board view', () => {
  it('groups the rows by project, each with its status and time, its figures and the actions that apply', async () => {
    const host = boardHost();
    host.handle('getProjectUsage', (input) =>
      (input as { folders: string[] }).folders.map((folder) => {
        const used = folder === '/home/me/repo';
        const figure = { output: 0, cacheWrite: 0, cacheRead: 0, estimated: 0, unpriced: 0 };
        return {
          folder,
          since: '2026-11-09',
          until: '2026-12-08',
          figure: { ...figure, input: used ? 1_234_567 : 0, cost: used ? 2.25 : 0, messages: used ? 9 : 0 },
        };
      }),
    );
    renderWithStore(<BoardView now={() => NOW} />, { host });
    const rows = await screen.findAllByTestId('board-row');
    // Each project heading says its last 30 days (every session in it), read once for all the view's projects.
    await waitFor(() =>
      expect(screen.getAllByTestId('board-project').map((h) => h.textContent)).toEqual([
        'repo 4Last 30 days: $2.25, 1.2M tokens',
        'site 1Last 30 days: no usage',
      ]),
    );
    expect(host.callsTo('getProjectUsage')).toEqual([{ folders: ['/home/me/repo', '/home/me/site'] }]);
    expect(screen.getByTestId('board-summary')).toHaveTextContent(
      '1 need you · 1 working · 1 queued · 1 failed · 1 to land · at most 4 at once',
    );
    const byTitle = (t: string) => rows.find((r) => r.textContent?.includes(t))!;
    const names = (r: HTMLElement) =>
      within(r)
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(within(byTitle('Write notes')).getByTestId('board-status')).toHaveTextContent('Working — 7s');
    expect(names(byTitle('Write notes'))).toEqual([
      null,
      'Stop Write notes',
      'Changes of Write notes',
      'Open Write notes beside',
      'Open Write notes in a new window',
    ]);
    expect(names(byTitle('Broken build'))).toEqual([
      null,
      'Open Broken build beside',
      'Open Broken build in a new window',
      'Dismiss Broken build',
    ]);
    expect(names(byTitle('Add a list'))).toEqual([
      null,
      'Changes of Add a list of every command with its flags',
      'Merge Add a list of every command with its flags into main',
      'Open Add a list of every command with its flags beside',
      'Open Add a list of every command with its flags in a new window',
      'Dismiss Add a list of every command with its flags',
    ]);
    expect(within(byTitle('Add a list')).getByTestId('board-changes')).toHaveTextContent('+12 −3 · 2 files');
    expect(within(byTitle('Write notes')).getByTestId('board-spend')).toHaveTextContent('$0.050 12k tokens');
    // The title is whole (the row is as wide as the window, not the sidebar).
    expect(within(byTitle('Add a list')).getByRole('button', { name: /^Add a list/ })).toHaveTextContent(
      'Add a list of every command with its flags',
    );
  });

  it('answers the waiting card on the row', async () => {
    const host = boardHost();
    renderWithStore(<BoardView now={() => NOW} />, { host });
    const card = await screen.findByTestId('board-card');
    expect(card).toHaveTextContent('npm test');
    await userEvent.click(await within(card).findByRole('button', { name: /^Allow once/ }));
    await waitFor(() =>
      expect(host.callsTo('answerApproval')).toEqual([
        expect.objectContaining({ threadId: 'ask', turnId: 'ask-1', requestId: 'r1' }),
      ]),
    );
  });

  it('stops, dismisses and merges (after a confirmation) from the rows', async () => {
    const host = boardHost();
    host.handle('landThread', () => ({ ok: true, action: 'merge', message: 'Merged worktree-commands into main.' }));
    const { store } = renderWithStore(<BoardView now={() => NOW} />, { host });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop Write notes' }));
    expect(host.callsTo('stopTurn')).toEqual([{ threadId: 'work' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss Broken build' }));
    expect(host.callsTo('dismissBoardRow')).toEqual([{ threadId: 'bad' }]);
    await waitFor(() => expect(screen.queryByText('Broken build')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /^Merge Add a list/ }));
    expect(host.callsTo('landThread')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(host.callsTo('landThread')).toEqual([expect.objectContaining({ threadId: 'done', action: 'merge' })]),
    );
    await waitFor(() =>
      expect(store.getState().notices.map((n) => n.message)).toContain('Merged worktree-commands into main.'),
    );
  });

  it('moves between the rows with the arrow keys; Enter opens the thread; Changes opens it with its Changes', async () => {
    const { store } = renderWithStore(<BoardView now={() => NOW} />, { host: boardHost() });
    const titles = (await screen.findAllByTestId('board-row')).map((r) => within(r).getAllByRole('button')[0]!);
    titles[0]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(titles[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(store.getState().activeThreadId).toBe('work'));
    await userEvent.click(screen.getByRole('button', { name: /^Changes of Add a list/ }));
    await waitFor(() => expect(store.getState().activeThreadId).toBe('done'));
    expect(store.getState().changesFor).toBe('done');
  });

  it('opens full width from the sidebar tab; Esc goes back to the thread', async () => {
    const { store } = renderApp({ host: boardHost() });
    await userEvent.click(await screen.findByTestId('tab-board'));
    await userEvent.click(await screen.findByTestId('board-open-view'));
    expect(store.getState().view).toBe('board');
    const rows = await within(await screen.findByTestId('board-view')).findAllByTestId('board-row');
    within(rows[1]!).getAllByRole('button')[0]!.focus();
    await userEvent.keyboard('{Escape}');
    expect(store.getState().view).toBe('chat');
  });

  it('a turn another Claude Desk runs has no Stop here (it is stopped there)', async () => {
    const board = {
      cap: 4,
      rows: [
        row({
          threadId: 'work',
          title: 'Write notes',
          status: 'working' as const,
          activity: 'Running in another Claude Desk',
          elsewhere: true,
        }),
      ],
    };
    renderWithStore(<BoardView now={() => NOW} />, { host: boardHost(board) });
    const [only] = await screen.findAllByTestId('board-row');
    expect(within(only!).queryByRole('button', { name: /^Stop/ })).not.toBeInTheDocument();
  });

  it('on a paired device’s page, ends with turning on notifications for that device; never on the computer', async () => {
    const desk = renderWithStore(<BoardView now={() => NOW} />, { host: boardHost() });
    await screen.findAllByTestId('board-row');
    expect(screen.queryByTestId('push-toggle')).not.toBeInTheDocument();
    desk.unmount();

    const device = renderWithStore(<BoardView now={() => NOW} />, { host: boardHost() });
    act(() => device.store.setState({ devicePage: true }));
    const toggle = await screen.findByRole('region', { name: 'Notifications on this device' });
    // jsdom has no Push API: the toggle says what to do instead (on iPhone, add to the Home Screen).
    expect(await within(toggle).findByRole('status')).toHaveTextContent(/add Claude Desk to the Home Screen/);
  });
});
