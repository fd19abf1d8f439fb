import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { groupedRows } from './thread-groups';

const at = (title: string, updatedAt: number, projectDir?: string) => {
  const t = makeThread(title.toLowerCase().replace(/\W+/g, '-'), title, [], updatedAt);
  if (projectDir) t.settings = { projectDir };
  return t;
};
const label = (r: ReturnType<typeof groupedRows>[number]) =>
  r.kind === 'project'
    ? `<${r.label}${r.collapsed ? ' +' : ''}>`
    : r.kind === 'heading'
      ? `[${r.label}]`
      : r.item.title;

/** What the sidebar list shows: project groups in angle brackets, threads by title. */
const shown = () =>
  [...screen.getByTestId('thread-list').querySelectorAll('li')].map((li) =>
    li.classList.contains('project-heading')
      ? `<${li.querySelector('.project-name')?.textContent ?? ''}>`
      : (li.querySelector('.thread-title')?.textContent ?? li.textContent),
  );

const now = Date.now();
const threads = () => [
  at('Fix login', now - 1000, '/home/me/app'),
  at('Plain question', now - 500),
  at('Blog post', now - 3000, '/home/me/site'),
  at('App tests', now - 2000, '/home/me/app'),
];

describe('threads grouped by project', () => {
  it('groups by project, most recently used first; pinned projects on top; a folded group hides its threads', () => {
    const list = threads().map(({ messages: _m, ...t }) => t);
    expect(groupedRows(list, null, now, { collapsed: [], pinned: [] }).map(label)).toEqual([
      '<Default workspace>',
      'Plain question',
      '<app>',
      'Fix login',
      'App tests',
      '<site>',
      'Blog post',
    ]);
    expect(groupedRows(list, null, now, { collapsed: ['/home/me/app'], pinned: ['/home/me/site'] }).map(label)).toEqual(
      ['<site>', 'Blog post', '<Default workspace>', 'Plain question', '<app +>'],
    );
    // A project whose threads are all pinned has no group of its own: they show under Pinned.
    const pinnedSite = list.map((t) => (t.title === 'Blog post' ? { ...t, pinned: true } : t));
    expect(groupedRows(pinnedSite, null, now, { collapsed: [], pinned: [] }).map(label)).toEqual([
      '[Pinned]',
      'Blog post',
      '<Default workspace>',
      'Plain question',
      '<app>',
      'Fix login',
      'App tests',
    ]);
    // One project only: nothing to group, the date list as before.
    expect(groupedRows(list.slice(0, 1), null, now, { collapsed: [], pinned: [] }).map(label)).toEqual([
      '[Today]',
      'Fix login',
    ]);
  });

  it('folds a group by click or Left/Right, pins it with P, and remembers both', async () => {
    const host = createFakeHost({ threads: threads() });
    renderApp({ host });
    await screen.findByText('Blog post');
    const app = screen.getByRole('button', { name: /^app/ });
    expect(app).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(app);
    expect(app).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Fix login')).not.toBeInTheDocument();
    expect(shown()).toEqual(['<Default workspace>', 'Plain question', '<app>', '<site>', 'Blog post']);
    await waitFor(() => expect(host.windowState.collapsedProjects).toEqual(['/home/me/app']));

    app.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByText('Fix login')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.queryByText('Fix login')).not.toBeInTheDocument();

    // Down from the app group goes to the next group's heading (its threads are folded away), then P pins it.
    await userEvent.keyboard('{ArrowDown}');
    const site = screen.getByRole('button', { name: /^site/ });
    expect(site).toHaveFocus();
    await userEvent.keyboard('p');
    await waitFor(() => expect(shown()[0]).toBe('<site>'));
    expect(screen.getByRole('button', { name: /^site.*pinned/ })).toHaveFocus();
    await waitFor(() => expect(host.windowState.pinnedProjects).toEqual(['/home/me/site']));
  });

  it("a project's heading tells its last 30 days once hovered or focused: shown, and read as the heading's description", async () => {
    const host = createFakeHost({ threads: threads() });
    const figure = (cost: number, tokens: number) => ({
      input: tokens,
      output: 0,
      cacheWrite: 0,
      cacheRead: 0,
      cost,
      messages: tokens ? 4 : 0,
      estimated: tokens ? 4 : 0,
      unpriced: 0,
    });
    host.handle('getProjectUsage', (input) =>
      (input as { folders: string[] }).folders.map((folder) => ({
        folder,
        since: '2026-11-09',
        until: '2026-12-08',
        figure: folder === '/home/me/app' ? figure(1.5, 123_456) : figure(0, 0),
      })),
    );
    renderApp({ host });
    await screen.findByText('Blog post');
    expect(host.callsTo('getProjectUsage')).toEqual([]); // nothing read until a heading asks
    const app = screen.getByRole('button', { name: /^app/ });
    app.focus();
    await waitFor(() =>
      expect(app).toHaveAccessibleDescription(/^\/home\/me\/app: ?Last 30 days: ~\$1\.50, 123k tokens/),
    );
    const tip = within(app.closest('li')!).getByRole('tooltip');
    expect(tip).toHaveTextContent('Last 30 days: ~$1.50, 123k tokens');
    // Every heading's folder in one ask; the next heading has its figure at once.
    expect(host.callsTo('getProjectUsage')).toEqual([{ folders: ['', '/home/me/app', '/home/me/site'] }]);
    const site = screen.getByRole('button', { name: /^site/ });
    await userEvent.hover(site.closest('li')!);
    expect(site).toHaveAccessibleDescription(/Last 30 days: no usage/);
    expect(host.callsTo('getProjectUsage')).toHaveLength(1);
  });

  it('New thread starts in the project of the focused row; a group’s + and N start one there', async () => {
    const host = createFakeHost({ threads: threads() });
    renderApp({ host });
    await screen.findByText('Blog post');
    act(() => screen.getByText('Blog post').closest('button')!.focus());
    expect(screen.getByTestId('new-thread')).toHaveAttribute('title', expect.stringContaining('New thread in site'));
    await userEvent.click(screen.getByTestId('new-thread'));
    await waitFor(() => expect(host.callsTo('createThread')).toEqual([{ settings: { projectDir: '/home/me/site' } }]));
    await waitFor(() => expect(screen.getByTestId('chat-folder')).toHaveTextContent('site'));

    // The new empty thread is reused by the next New thread, moved to the project asked for.
    const group = screen.getAllByTestId('project-group').find((g) => g.dataset.project === '/home/me/app')!;
    await userEvent.click(within(group).getByRole('button', { name: 'New thread in app' }));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toContainEqual({
        threadId: 'th-new-5',
        settings: { projectDir: '/home/me/app' },
      }),
    );
  });
});
