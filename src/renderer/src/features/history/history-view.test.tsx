import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HistoryPage, HistorySession } from '../../../../shared/history';
import type { ChatMessage } from '../../../../shared/threads';
import { createFakeHost } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { historyRows } from './group-sessions';

const NOW = Date.now();
/** A minute ago, but never before midnight: "Today" holds at any hour. */
const A_MINUTE_AGO = Math.max(new Date(NOW).setHours(0, 0, 0, 0), NOW - 60_000);
const session = (
  id: string,
  project: string,
  title: string,
  lastAt: number,
  extra: Partial<HistorySession> = {},
): HistorySession => ({
  id,
  project,
  title,
  titleSource: 'prompt',
  firstAt: lastAt - 1000,
  lastAt,
  messages: 4,
  bytes: 1000,
  source: 'file',
  pinned: false,
  ...extra,
});
const SESSIONS = [
  session('11111111-1111-4111-8111-111111111111', '/home/me/app', 'Fix the login bug', A_MINUTE_AGO),
  session('22222222-2222-4222-8222-222222222222', '/home/me/app', 'Old refactor', NOW - 40 * 86_400_000),
  session('33333333-3333-4333-8333-333333333333', '/home/me/site', 'Write the blog post', NOW - 3_600_000, {
    pinned: true,
  }),
];
const turn = (i: number): ChatMessage[] => [
  { id: `u${i}`, role: 'user', createdAt: i, text: `Question ${i}` },
  { id: `a${i}`, role: 'assistant', createdAt: i, status: 'done', parts: [{ kind: 'text', text: `Answer ${i}` }] },
];

describe('History', () => {
  it('groups sessions: pinned first, then by project (most recent first) and date', () => {
    const rows = historyRows(SESSIONS, NOW).map((r) => (r.kind === 'heading' ? `[${r.label}]` : r.item.title));
    expect(rows).toEqual([
      '[Pinned]',
      'Write the blog post',
      '[app]',
      '[Today]',
      'Fix the login bug',
      expect.stringMatching(/^\[\w+ \d{4}\]$/),
      'Old refactor',
    ]);
  });

  it("a repository's worktree sessions are in its group, each marked with its branch", async () => {
    const wt = (id: string, name: string, lastAt: number) =>
      session(id, `/home/me/app/.claude/worktrees/${name}`, `Work on ${name}`, lastAt, {
        repo: '/home/me/app',
        branch: `worktree-${name}`,
      });
    const sessions = [
      ...SESSIONS,
      wt('44444444-4444-4444-8444-444444444444', 'parser', A_MINUTE_AGO - 1),
      wt('55555555-5555-4555-8555-555555555555', 'lexer', A_MINUTE_AGO - 2),
    ];
    const rows = historyRows(sessions, NOW).map((r) => (r.kind === 'heading' ? `[${r.label}]` : r.item.title));
    expect(rows.filter((r) => r.startsWith('[') && !/\d{4}|Today|Pinned/.test(r))).toEqual(['[app]']);
    expect(rows.slice(2, 6)).toEqual(['[app]', '[Today]', 'Fix the login bug', 'Work on parser']);
    const host = createFakeHost();
    host.handle('listHistory', () => sessions);
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('tab-history'));
    const list = await screen.findByTestId('history-list');
    const row = (await within(list).findByText('Work on parser')).closest('li')!;
    expect(within(row).getByTestId('history-branch')).toHaveTextContent('worktree-parser');
    expect(
      within(list)
        .getAllByTestId('history-project')
        .map((h) => h.textContent),
    ).toEqual(['app']);
  });

  it('pins from the keyboard with P on the row, as the thread list does; the pin button is named but not a tab stop', async () => {
    const host = createFakeHost();
    host.handle('listHistory', () => SESSIONS);
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('tab-history'));
    const list = await screen.findByTestId('history-list');
    const pinButton = await within(list).findByRole('button', { name: 'Pin Fix the login bug' });
    expect(pinButton).toHaveAttribute('tabindex', '-1');
    expect(within(list).getByRole('button', { name: 'Unpin Write the blog post' })).toHaveAttribute('tabindex', '-1');
    const row = within(list).getByText('Fix the login bug').closest('button')!;
    expect(row).toHaveAccessibleDescription(/P pins/);
    row.focus();
    await userEvent.keyboard('p');
    await waitFor(() =>
      expect(host.callsTo('pinHistorySession')).toEqual([{ sessionId: SESSIONS[0]!.id, pinned: true }]),
    );
    expect(within(list).getByRole('button', { name: 'Unpin Fix the login bug' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('lists sessions in the sidebar tab, opens one at its end, pages older turns, and continues it', async () => {
    const host = createFakeHost();
    let continued = false;
    host.handle('listHistory', () =>
      continued ? SESSIONS.map((s, i) => (i === 0 ? { ...s, threadId: 'th-continued', messages: 6 } : s)) : SESSIONS,
    );
    host.handle('getHistoryPage', (input) => {
      const { sessionId, before } = input as { sessionId: string; before?: number };
      const page: HistoryPage =
        before === undefined
          ? { sessionId, messages: [...turn(3), ...turn(4)], before: 2 }
          : { sessionId, messages: [...turn(1), ...turn(2)] };
      return page;
    });
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('tab-history'));
    const list = await screen.findByTestId('history-list');
    expect(within(list).getByText('Pinned')).toBeInTheDocument();
    expect(within(list).getByText('app')).toBeInTheDocument();
    await userEvent.click(within(list).getByText('Fix the login bug'));
    expect(await screen.findByTestId('session-title')).toHaveTextContent('Fix the login bug');
    // The header names the project (the full path in its tooltip) and keeps the exports as named icons.
    const project = screen.getByTestId('session-project');
    expect(project).toHaveTextContent(/^app$/);
    expect(project).toHaveAttribute('title', '/home/me/app');
    expect(within(screen.getByTestId('session-header')).getByRole('button', { name: /Copy/ })).toHaveTextContent('');
    expect(await screen.findByText('Answer 4')).toBeInTheDocument();
    expect(host.callsTo('getHistoryPage')[0]).toEqual({ sessionId: SESSIONS[0]!.id });
    // Scrolling to the top asks for the page above.
    const transcript = screen.getByTestId('session-transcript');
    transcript.scrollTop = 0;
    transcript.dispatchEvent(new Event('scroll'));
    expect(await screen.findByText('Answer 1')).toBeInTheDocument();
    expect(host.callsTo('getHistoryPage')[1]).toEqual({ sessionId: SESSIONS[0]!.id, before: 2 });

    host.handle('continueSession', () => {
      continued = true;
      return { threadId: 'th-continued', created: true };
    });
    await userEvent.click(screen.getByTestId('continue-here'));
    await waitFor(() => expect(host.callsTo('continueSession')).toEqual([{ sessionId: SESSIONS[0]!.id }]));
    // Back in the History (no watcher event needed), the row says where the session lives on now.
    await userEvent.click(screen.getByTestId('tab-history'));
    const row = (await screen.findByText('Fix the login bug')).closest('[data-testid="history-item"]') as HTMLElement;
    await waitFor(() => expect(row).toHaveTextContent('in a thread'));
    expect(row).toHaveTextContent('6 messages');
  });

  it('searches sessions and threads together and marks the words in the snippet', async () => {
    const host = createFakeHost();
    host.handle('listHistory', () => SESSIONS);
    host.handle('searchHistory', () => [
      { kind: 'session', session: SESSIONS[0], snippet: '…the login bug in auth.ts…' },
    ]);
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('tab-history'));
    await userEvent.type(screen.getByTestId('history-search'), 'login');
    const snippet = await screen.findByTestId('history-snippet');
    expect(snippet.querySelector('mark')?.textContent).toBe('login');
  });
});
