import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { projectChoices, threadRows } from './thread-groups';

const DAY = 86_400_000;
const NOW = new Date(2026, 5, 15, 15, 0).getTime();
const at = (title: string, updatedAt: number, projectDir?: string, pinned?: boolean) => {
  const t = makeThread(title.toLowerCase().replace(/\W+/g, '-'), title, [], updatedAt);
  if (projectDir) t.settings = { projectDir };
  if (pinned) t.pinned = true;
  return t;
};

/** What the list shows, headings in brackets. */
const shown = () =>
  [...screen.getByTestId('thread-list').querySelectorAll('li')].map((li) =>
    li.classList.contains('list-heading')
      ? `[${li.textContent}]`
      : li.classList.contains('project-heading')
        ? `<${li.querySelector('.project-name')?.textContent ?? ''}>`
        : (li.querySelector('.thread-title')?.textContent ?? ''),
  );

describe('thread list groups', () => {
  it('puts pinned threads on top, then Today, Yesterday, Previous 7 / 30 days and months', () => {
    const threads = [
      at('Old plan', new Date(2026, 1, 3).getTime()),
      at('This morning', NOW - 3_600_000),
      at('Last night', NOW - DAY),
      at('Tuesday', NOW - 4 * DAY),
      at('Pinned long ago', new Date(2025, 11, 1).getTime(), undefined, true),
      at('Three weeks', NOW - 21 * DAY),
    ];
    const rows = threadRows(threads, null, NOW).map((r) => (r.kind === 'heading' ? `[${r.label}]` : r.item.title));
    expect(rows).toEqual([
      '[Pinned]',
      'Pinned long ago',
      '[Today]',
      'This morning',
      '[Yesterday]',
      'Last night',
      '[Previous 7 days]',
      'Tuesday',
      '[Previous 30 days]',
      'Three weeks',
      '[February 2026]',
      'Old plan',
    ]);
  });

  it('names projects by folder, the most recent first; two folders of one name keep their paths', () => {
    const threads = [at('A', 3, '/home/me/app'), at('B', 5, '/srv/app'), at('C', 4), at('D', 1, '/home/me/site')];
    expect(projectChoices(threads).map((p) => p.label)).toEqual([
      '/srv/app',
      'Default workspace',
      '/home/me/app',
      'site',
    ]);
    expect(threadRows(threads, '/home/me/site', NOW).filter((r) => r.kind === 'item')).toHaveLength(1);
    expect(threadRows(threads, '', NOW).flatMap((r) => (r.kind === 'item' ? [r.item.title] : []))).toEqual(['C']);
  });

  it('pins from the row (button or P) and the thread moves to Pinned; the host is told', async () => {
    const now = Date.now();
    // A minute ago, but never before midnight: the test holds at any hour.
    const recent = Math.max(new Date(now).setHours(0, 0, 0, 0), now - 60_000);
    const host = createFakeHost({ threads: [at('Recent', recent), at('Older one', now - 3 * DAY)] });
    renderApp({ host });
    await screen.findByText('Recent');
    expect(shown()).toEqual(['[Today]', 'Recent', '[Previous 7 days]', 'Older one']);
    await userEvent.click(screen.getByRole('button', { name: 'Pin Older one' }));
    expect(shown()).toEqual(['[Pinned]', 'Older one', '[Today]', 'Recent']);
    expect(host.callsTo('pinThread')).toEqual([{ threadId: 'older-one', pinned: true }]);
    expect(screen.getByRole('button', { name: 'Unpin Older one' })).toHaveAttribute('aria-pressed', 'true');

    // The keyboard: P on the focused row pins or unpins it.
    screen.getByText('Older one').closest('button')!.focus();
    await userEvent.keyboard('p');
    expect(shown()).toEqual(['[Today]', 'Recent', '[Previous 7 days]', 'Older one']);
    expect(host.callsTo('pinThread').at(-1)).toEqual({ threadId: 'older-one', pinned: false });
  });

  it('a pin the host refuses is put back, with a notice', async () => {
    const host = createFakeHost({ threads: [at('Recent', Date.now())] });
    host.handle('pinThread', () => {
      throw new Error('disk full');
    });
    renderApp({ host });
    await userEvent.click(await screen.findByRole('button', { name: 'Pin Recent' }));
    expect(await screen.findByText(/Could not pin the thread: disk full/)).toBeInTheDocument();
    expect(shown()).toEqual(['[Today]', 'Recent']);
  });

  it('the project filter shows one project’s threads, is remembered, and search follows it', async () => {
    const now = Date.now();
    const host = createFakeHost({
      threads: [
        at('App bug', now - 1000, '/home/me/app'),
        at('Blog post', now - 2000, '/home/me/site'),
        at('Loose', now),
      ],
    });
    host.handle('searchThreads', () =>
      host.threads.map((t) => ({ thread: { ...t, messages: undefined }, snippet: `about ${t.title}` })),
    );
    renderApp({ host });
    const filter = await screen.findByTestId('project-filter');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All projects', 'Default workspace', 'app', 'site']);
    await userEvent.selectOptions(filter, 'app');
    expect(shown()).toEqual(['[Today]', 'App bug']);
    await waitFor(() => expect(host.windowState.projectFilter).toBe('/home/me/app'));

    await userEvent.type(screen.getByTestId('thread-search'), 'about');
    await waitFor(() => expect(screen.getAllByTestId('thread-snippet')).toHaveLength(1));
    expect(screen.getByTestId('thread-snippet')).toHaveTextContent('about App bug');

    await userEvent.clear(screen.getByTestId('thread-search'));
    await userEvent.selectOptions(filter, 'All projects');
    // Every project again: one group each, the most recently used first.
    await waitFor(() =>
      expect(shown()).toEqual(['<Default workspace>', 'Loose', '<app>', 'App bug', '<site>', 'Blog post']),
    );
  });

  it('a saved filter comes back after a reload; one for a project no thread is in is dropped', async () => {
    const now = Date.now();
    const threads = () => [at('App bug', now - 1000, '/home/me/app'), at('Loose', now)];
    const host = createFakeHost({ threads: threads() });
    host.windowState = { projectFilter: '/home/me/app' };
    renderApp({ host });
    await waitFor(() => expect(screen.getByTestId('project-filter')).toHaveValue('/home/me/app'));
    expect(shown()).toEqual(['[Today]', 'App bug']);

    const gone = createFakeHost({ threads: threads() });
    gone.windowState = { projectFilter: '/home/me/deleted' };
    act(() => void renderApp({ host: gone }));
    await screen.findAllByText('Loose');
    await waitFor(() => expect(screen.getAllByTestId('project-filter').at(-1)).toHaveValue('*'));
  });
});
