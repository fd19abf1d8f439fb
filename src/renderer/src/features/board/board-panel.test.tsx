import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BoardRow, BoardState, ExternalAgents } from '../../../../shared/board';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { renderWithStore } from '../../test-support/render-with-store';
import { BoardPanel } from './board-panel';

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

const BOARD: BoardState = {
  cap: 4,
  rows: [
    row({
      threadId: 't2',
      title: 'Fix login',
      status: 'needs-you',
      since: NOW - 65_000,
      activity: 'Asks to use Bash: npm test',
    }),
    row({
      threadId: 't1',
      title: 'Write notes',
      status: 'working',
      since: NOW - 7_000,
      branch: 'worktree-notes',
      activity: 'Write /home/me/repo/notes.md',
      costUsd: 0.0123,
      tokens: { in: 45_000, out: 1_200 },
      changes: { files: 1, added: 3, removed: 0 },
    }),
    row({ threadId: 't3', title: 'Queued one', status: 'queued', running: 4, project: '' }),
  ],
};
const AGENTS: ExternalAgents = {
  ok: true,
  agents: [
    {
      id: 'c4d0950c',
      sessionId: 'c4d0950c-e651-4a22-8f35-feac3138986e',
      cwd: '/home/me/other-repo',
      kind: 'background',
      name: 'hello from the mock api.',
      status: 'idle',
      state: 'working',
    },
  ],
};

function boardHost(board: BoardState = BOARD, agents: ExternalAgents = AGENTS) {
  const host = createFakeHost({ threads: [makeThread('t1', 'Write notes'), makeThread('t2', 'Fix login')] });
  host.handle('getBoard', () => board);
  host.handle('listClaudeAgents', () => agents);
  return host;
}

describe('the board', () => {
  it('shows each row with its status and elapsed time against the given clock, project, branch, cost and +/−', async () => {
    renderWithStore(<BoardPanel now={() => NOW} />, { host: boardHost() });
    const rows = await screen.findAllByTestId('board-row');
    expect(rows.map((r) => within(r).getByTestId('board-status').textContent)).toEqual([
      'Needs you — 1m 05s',
      'Working — 7s',
      'Queued — 4 running',
    ]);
    expect(rows[1]).toHaveTextContent('repo · worktree-notes');
    expect(rows[1]).toHaveTextContent('Write /home/me/repo/notes.md');
    expect(within(rows[1]!).getByTestId('board-spend')).toHaveTextContent('$0.012 46k tokens');
    expect(within(rows[1]!).getByTestId('board-changes')).toHaveTextContent('+3 −0 · 1 file');
    expect(rows[2]).toHaveTextContent('Default workspace');
  });

  it('moves between rows with the arrow keys, and Enter opens the thread', async () => {
    const { store } = renderWithStore(<BoardPanel now={() => NOW} />, { host: boardHost() });
    const rows = await screen.findAllByTestId('board-row');
    rows[0]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(rows[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(rows[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(store.getState().activeThreadId).toBe('t1'));
  });

  it('lists sessions running elsewhere read-only; a click opens the transcript in History', async () => {
    const { store } = renderWithStore(<BoardPanel now={() => NOW} />, { host: boardHost() });
    const agent = await screen.findByTestId('board-agent');
    expect(agent).toHaveTextContent('hello from the mock api.');
    expect(agent).toHaveTextContent('other-repo');
    expect(agent).toHaveTextContent('background · working · idle');
    await userEvent.click(agent);
    expect(store.getState().openSessionId).toBe('c4d0950c-e651-4a22-8f35-feac3138986e');
    expect(store.getState().view).toBe('history');
  });

  it('says in a sentence why sessions elsewhere are not listed', async () => {
    renderWithStore(<BoardPanel now={() => NOW} />, {
      host: boardHost(BOARD, { ok: false, reason: 'Claude Code took longer than 5 s to list its sessions.' }),
    });
    expect(await screen.findByTestId('board-agents-error')).toHaveTextContent('took longer than 5 s');
  });

  it('is a sidebar tab that Alt+B opens, and it reads its rows again when the host says the board changed', async () => {
    const host = boardHost({ cap: 4, rows: [] });
    const { store } = renderApp({ host });
    await screen.findByTestId('tab-board');
    await userEvent.keyboard('{Alt>}b{/Alt}');
    expect(store.getState().sidebarTab).toBe('board');
    expect(await screen.findByText(/Nothing is running/)).toBeInTheDocument();
    host.handle('getBoard', () => BOARD);
    act(() => host.emit('boardChanged', {}));
    expect(await screen.findAllByTestId('board-row')).toHaveLength(3);
  });
});
