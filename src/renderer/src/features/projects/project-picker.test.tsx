import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FolderCompletion, ProjectFolder } from '../../../../shared/projects';
import { createFakeHost, makeThread, summaryOf } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const folder = (path: string, extra: Partial<ProjectFolder> = {}): ProjectFolder => ({
  path,
  name: path.split('/').pop()!,
  lastUsed: 1,
  seenIn: ['threads'],
  state: 'ok',
  ...extra,
});
const RECENT = [
  folder('/home/me/cli-only', { seenIn: ['terminal'], git: { branch: 'main' } }),
  folder('/home/me/gone', { state: 'missing', problem: '/home/me/gone no longer exists; choose its new place.' }),
  folder('/home/me/notes'),
];

/** A folder dropped on the window, as Chromium delivers it (an entry that is a directory). */
function dropFolder(): void {
  const drop = new Event('drop', { bubbles: true, cancelable: true });
  const item = { webkitGetAsEntry: () => ({ isDirectory: true }), getAsFile: () => new File([], 'dropped') };
  Object.defineProperty(drop, 'dataTransfer', { value: { items: [item], types: ['Files'] } });
  act(() => void window.dispatchEvent(drop));
}

async function newThread(host = createFakeHost()) {
  host.handle('listRecentProjects', () => RECENT);
  host.handle('describeFolder', (input) => {
    const path = (input as { path: string }).path;
    return RECENT.find((f) => f.path === path) ?? folder(path);
  });
  renderApp({ host });
  await userEvent.click(await screen.findByTestId('new-thread'));
  return { host, list: await screen.findByTestId('recent-projects') };
}

describe('the new thread’s project picker', () => {
  it('lists recent projects with a terminal-only folder; choosing a git one sets the folder and its own worktree', async () => {
    const { host, list } = await newThread();
    const rows = within(list).getAllByTestId('recent-project');
    expect(rows.map((r) => r.dataset.path)).toEqual(['/home/me/cli-only', '/home/me/gone', '/home/me/notes']);
    expect(rows[0]).toHaveTextContent(/cli-only.*main.*terminal/);
    await userEvent.click(rows[0]!);
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toContainEqual({
        threadId: 'th-new-1',
        settings: { projectDir: '/home/me/cli-only' }, // the host applies the default (Settings': on)
      }),
    );
    expect(await screen.findByRole('switch', { name: /Own worktree/ })).toBeChecked();
    // The switch is there for a git project and turns the worktree off.
    await userEvent.click(await screen.findByRole('switch', { name: /Own worktree/ }));
    expect(host.callsTo('updateThreadSettings').at(-1)).toEqual({
      threadId: 'th-new-1',
      settings: { useWorktree: false },
    });
  });

  it("a project's own switch: Never makes its new threads work in the folder itself, said plainly; Always back", async () => {
    const host = createFakeHost();
    const never = folder('/home/me/shared', { git: { branch: 'main', worktrees: 'never' } });
    host.handle('listRecentProjects', () => [never]);
    host.handle('describeFolder', () => never);
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('new-thread'));
    await userEvent.click(await screen.findByTestId('recent-project'));
    // The project's Never wins over Settings' default (on): this thread works in the folder itself (the host
    // applies it; the switch shows it at once).
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toContainEqual({
        threadId: 'th-new-1',
        settings: { projectDir: '/home/me/shared' },
      }),
    );
    expect(await screen.findByRole('switch', { name: /Own worktree/ })).not.toBeChecked();
    const choice = await screen.findByRole('combobox', { name: 'New threads in shared' });
    expect(choice).toHaveValue('never');
    expect(screen.getByTestId('project-worktrees-note')).toHaveTextContent(
      'Threads of this project work in /home/me/shared itself',
    );
    await userEvent.selectOptions(choice, 'always');
    await waitFor(() =>
      expect(host.callsTo('setProjectWorktrees')).toEqual([{ path: '/home/me/shared', choice: 'always' }]),
    );
    // This thread (no message yet) follows the project's new switch.
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings').at(-1)).toEqual({
        threadId: 'th-new-1',
        settings: { useWorktree: true },
      }),
    );
    expect(choice).toHaveValue('always');
  });

  it('When Claude first edits: the thread starts in the folder and waits for its worktree, said plainly', async () => {
    const host = createFakeHost();
    const repo = folder('/home/me/webapp', { git: { branch: 'main' } });
    host.handle('listRecentProjects', () => [repo]);
    host.handle('describeFolder', () => repo);
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('new-thread'));
    await userEvent.click(await screen.findByTestId('recent-project'));
    const choice = await screen.findByRole('combobox', { name: 'New threads in webapp' });
    await userEvent.selectOptions(choice, 'first-edit');
    await waitFor(() =>
      expect(host.callsTo('setProjectWorktrees')).toEqual([{ path: '/home/me/webapp', choice: 'first-edit' }]),
    );
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings').at(-1)).toEqual({
        threadId: 'th-new-1',
        settings: { useWorktree: false, worktreeOnEdit: true },
      }),
    );
    expect(choice).toHaveValue('first-edit');
    expect(screen.getByTestId('project-worktrees-note')).toHaveTextContent(
      'The moment Claude first wants to change a file, the thread gets its own worktree and branch, and the edit happens there — never in your checkout.',
    );
    expect(screen.getByRole('switch', { name: /Own worktree/ })).not.toBeChecked();
  });

  it('a missing folder says what to do and cannot be chosen; arrows move through the list', async () => {
    const { host, list } = await newThread();
    expect(within(list).getByTestId('recent-project-problem')).toHaveTextContent('no longer exists');
    const [first, gone, notes] = within(list).getAllByTestId('recent-project');
    expect(gone).toHaveAccessibleDescription(/no longer exists/);
    await userEvent.click(gone!);
    expect(host.callsTo('updateThreadSettings')).toEqual([]);
    first!.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(notes).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Home}');
    expect(first).toHaveFocus();
    await userEvent.keyboard('{End}{Enter}');
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toContainEqual({
        threadId: 'th-new-1',
        settings: { projectDir: '/home/me/notes', useWorktree: false },
      }),
    );
  });

  it('browser mode: the path field completes folder names from the keyboard and uses the typed folder', async () => {
    const host = createFakeHost({ host: 'web' });
    host.handle('completeFolder', (input): FolderCompletion => {
      const prefix = (input as { prefix: string }).prefix;
      if (prefix.startsWith('/home/me/projects/'))
        return { dir: '/home/me/projects/', names: ['api', 'web'], truncated: false };
      return { dir: '/home/me/', names: ['pictures', 'projects'], truncated: false };
    });
    await newThread(host);
    expect(screen.queryByTestId('open-folder')).not.toBeInTheDocument();
    const field = screen.getByRole('combobox', { name: 'Folder path' });
    await userEvent.type(field, '~/p');
    const suggestions = () => within(document.getElementById(field.getAttribute('aria-controls')!)!);
    const options = await waitFor(() => {
      const found = suggestions().getAllByRole('option');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(options.map((o) => o.textContent)).toEqual(['pictures/', 'projects/']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{Tab}');
    expect(field).toHaveValue('/home/me/projects/');
    expect(field).toHaveFocus();
    // Escape closes the list; Enter with nothing highlighted uses the typed folder.
    await userEvent.type(field, 'a');
    await waitFor(() =>
      expect(
        suggestions()
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('api/'),
    );
    await userEvent.keyboard('{Escape}');
    expect(suggestions().queryByRole('option')).not.toBeInTheDocument();
    await userEvent.type(field, 'pi{Enter}');
    await waitFor(() => expect(host.callsTo('describeFolder')).toContainEqual({ path: '/home/me/projects/api' }));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toContainEqual({
        threadId: 'th-new-1',
        settings: { projectDir: '/home/me/projects/api', useWorktree: false },
      }),
    );
  });

  it('on the desktop, Open folder… uses the native dialog, and a dropped folder’s path comes from the preload', async () => {
    const host = createFakeHost();
    host.handle('chooseFolder', () => '/home/me/picked');
    await newThread(host);
    await userEvent.click(screen.getByRole('button', { name: /Open folder/ }));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toContainEqual({
        threadId: 'th-new-1',
        settings: { projectDir: '/home/me/picked', useWorktree: false },
      }),
    );
    window.deskFiles = { pathForFile: () => '/home/me/dropped' };
    try {
      dropFolder();
      await waitFor(() =>
        expect(host.callsTo('updateThreadSettings')).toContainEqual({
          threadId: 'th-new-1',
          settings: { projectDir: '/home/me/dropped', useWorktree: false },
        }),
      );
    } finally {
      delete window.deskFiles;
    }
  });

  it('in browser mode a dropped folder says the page cannot know its path, and focuses the path field', async () => {
    const host = createFakeHost({ host: 'web' });
    await newThread(host);
    dropFolder();
    expect(await screen.findByTestId('folder-problem')).toHaveTextContent(/browser cannot tell.*type its path/i);
    expect(screen.getByRole('combobox', { name: 'Folder path' })).toHaveFocus();
  });

  it('until the first message the header chip leads to the picker', async () => {
    await newThread();
    const chip = screen.getByTestId('chat-folder');
    expect(chip.tagName).toBe('BUTTON');
    await userEvent.click(chip);
    expect(screen.getAllByTestId('recent-project')[0]).toHaveFocus();
  });
});

describe('projects first, from the first launch', () => {
  function withRecent(host = createFakeHost()) {
    host.handle('listRecentProjects', () => RECENT);
    host.handle('describeFolder', (input) => {
      const path = (input as { path: string }).path;
      return RECENT.find((f) => f.path === path) ?? folder(path);
    });
    return host;
  }

  it('the first screen is the folder picker under one heading; choosing a folder starts a thread there', async () => {
    const host = withRecent();
    renderApp({ host });
    const list = await screen.findByTestId('recent-projects');
    const empty = screen.getByTestId('empty-state');
    expect(
      within(empty)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Where should Claude work?']);
    // "Plain chat" and "Default workspace" are one thing: it is offered once.
    expect(empty).not.toHaveTextContent('Default workspace');
    expect(within(empty).getByRole('button', { name: /Plain chat/ })).toBeInTheDocument();
    await userEvent.click(within(list).getAllByTestId('recent-project')[2]!);
    await waitFor(() => expect(host.callsTo('createThread')).toHaveLength(1));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toContainEqual(
        expect.objectContaining({ settings: expect.objectContaining({ projectDir: '/home/me/notes' }) }),
      ),
    );
    expect(await screen.findByTestId('project-current')).toHaveTextContent('/home/me/notes');
  });

  it('browser mode: "Use folder" closes the completion list', async () => {
    const host = withRecent(createFakeHost({ host: 'web' }));
    host.handle('completeFolder', (): FolderCompletion => ({
      dir: '/home/me/',
      names: ['notes', 'nuts'],
      truncated: false,
    }));
    renderApp({ host });
    const field = await screen.findByRole('combobox', { name: 'Folder path' });
    await userEvent.type(field, '/home/me/n');
    await waitFor(() => expect(screen.getAllByTestId('folder-suggestion')).toHaveLength(2));
    await userEvent.clear(field);
    await userEvent.type(field, '/home/me/notes');
    await userEvent.click(screen.getByTestId('folder-path-use'));
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryAllByTestId('folder-suggestion')).toHaveLength(0);
  });

  it('an empty thread that never got a message is not a row once another thread is open', async () => {
    const host = withRecent(createFakeHost({ threads: [makeThread('old', 'Older work', [], 1000)] }));
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('new-thread'));
    await screen.findByTestId('recent-projects');
    const titles = () =>
      within(screen.getByTestId('thread-list'))
        .getAllByTestId('thread-item')
        .map((li) => li.querySelector('.thread-title')?.textContent);
    await waitFor(() => expect(titles()).toEqual(['New thread', 'Older work']));
    await userEvent.click(screen.getByText('Older work'));
    await waitFor(() => expect(titles()).toEqual(['Older work']));
  });

  it('a folder path typed right after New thread is kept while the host makes the thread and it opens', async () => {
    const host = withRecent(
      createFakeHost({
        host: 'web',
        threads: [makeThread('old', 'Older work', [{ id: 'u1', role: 'user', createdAt: 1, text: 'hi' }], 1000)],
      }),
    );
    // The host answers only when the test says: the user types in between, as on a busy machine.
    const held: (() => void)[] = [];
    const later =
      <T,>(answer: () => T) =>
      () =>
        new Promise<T>((resolve) => held.push(() => resolve(answer())));
    const made = makeThread('th-made', 'New thread', [], 2000);
    host.handle(
      'createThread',
      later(() => (host.threads.push(made), summaryOf(made))),
    );
    const heldMade = later(() => made);
    host.handle('getThread', (input) =>
      (input as { threadId: string }).threadId === made.id ? heldMade() : host.threads.find((t) => t.id === 'old'),
    );
    renderApp({ host });
    await userEvent.click(await screen.findByText('Older work'));
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Older work'));
    await waitFor(() => expect(screen.queryByTestId('empty-state')).not.toBeInTheDocument());
    await userEvent.click(screen.getByTestId('new-thread'));
    const field = await screen.findByRole('combobox', { name: 'Folder path' });
    await userEvent.type(field, '/home/me/no');
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => held.shift()!()); // the thread is made: it opens
    await userEvent.type(screen.getByRole('combobox', { name: 'Folder path' }), 'tes');
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => held.shift()!()); // and its (empty) conversation is in
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('New thread'));
    expect(screen.getByRole('combobox', { name: 'Folder path' })).toHaveValue('/home/me/notes');
  });
});
