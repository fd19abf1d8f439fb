import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LandOutcome, LandRequest, PullRequestReadiness } from '../../../../shared/worktree-changes';
import type { WorktreeChanges } from '../../../../shared/worktree';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const worktree = {
  name: 'notes',
  repo: '/repo',
  path: '/repo/.claude/worktrees/notes',
  branch: 'worktree-notes',
  base: 'main',
  state: 'ready' as const,
};

function changes(added: number): WorktreeChanges {
  return {
    threadId: 'w',
    branch: worktree.branch,
    base: 'main',
    ahead: 1,
    behind: 0,
    files: 1,
    added,
    removed: 0,
    changes: [{ path: 'notes.md', status: 'added', added, removed: 0, uncommitted: true }],
  };
}

function hostWithWorktree(land: (req: LandRequest) => LandOutcome | Promise<LandOutcome>) {
  const thread = makeThread('w', 'Write the notes');
  thread.settings = { projectDir: '/repo', worktree };
  const host = createFakeHost({ threads: [thread, makeThread('p', 'Plain')] });
  let added = 2;
  host.handle('getChanges', () => changes(added));
  host.handle('getChangeDiff', () => ({
    path: 'notes.md',
    before: null,
    after: 'a\nb\n',
    binary: false,
    tooBig: false,
  }));
  host.handle('draftCommitMessage', () => 'Write the notes');
  host.handle('landThread', (req) => land(req as LandRequest));
  return { host, setAdded: (n: number) => (added = n) };
}

async function openPanel() {
  await userEvent.click(await screen.findByText('Write the notes', { selector: '.thread-title, *' }));
  await userEvent.click(await screen.findByTestId('changes-button'));
  return screen.findByTestId('changes-panel');
}

describe('the Changes panel', () => {
  it('lists the files with +/−, shows the diff, and follows the host’s changesChanged', async () => {
    const { host, setAdded } = hostWithWorktree(() => ({ ok: true, action: 'merge', message: 'Merged.' }));
    renderApp({ host });
    const panel = await openPanel();
    const row = await within(panel).findByTestId('changes-file');
    expect(row).toHaveTextContent(/added\s*notes\.md\s*not committed\s*\+2 −0/);
    expect(await within(panel).findByTestId('diff-view')).toHaveTextContent('a');
    setAdded(5);
    act(() => host.emit('changesChanged', { threadId: 'w' }));
    await waitFor(() => expect(within(panel).getByTestId('changes-file')).toHaveTextContent('+5'));
  });

  it('merges only after the dialog is confirmed, with the edited message', async () => {
    const asked: LandRequest[] = [];
    const { host } = hostWithWorktree((req) => {
      asked.push(req);
      return { ok: true, action: 'merge', message: 'Merged worktree-notes into main (fast-forward).' };
    });
    renderApp({ host });
    const panel = await openPanel();
    await userEvent.click(within(panel).getByTestId('land-merge'));
    const dialog = await screen.findByTestId('land-dialog');
    expect(dialog).toHaveAccessibleName('Merge into main');
    const message = within(dialog).getByLabelText('Commit message');
    await waitFor(() => expect(message).toHaveValue('Write the notes'));
    await userEvent.clear(message);
    await userEvent.type(message, 'Add the notes{Enter}');
    expect(asked).toHaveLength(0); // Enter in the message is a new line, not a merge
    await userEvent.click(within(dialog).getByTestId('land-confirm'));
    expect(await within(panel).findByTestId('changes-outcome')).toHaveTextContent('fast-forward');
    expect(asked).toEqual([{ threadId: 'w', action: 'merge', message: 'Add the notes\n' }]);
  });

  it('while a land waits on a hook, shows the hook and its time, and Stop ends it with the host’s sentence', async () => {
    let finish: (out: LandOutcome) => void = () => undefined;
    const { host } = hostWithWorktree(() => new Promise<LandOutcome>((resolve) => (finish = resolve)));
    let elapsedMs = 3000;
    host.handle('getLandProgress', () => ({
      waitingFor: 'the pre-commit hook (.git/hooks/pre-commit)',
      hook: { event: 'pre-commit', command: '.git/hooks/pre-commit' },
      elapsedMs,
      boundMs: 60_000,
    }));
    const stops: unknown[] = [];
    const sentence =
      'Stopped the pre-commit hook (.git/hooks/pre-commit) as asked: nothing was committed on worktree-notes and main was not changed, and the worktree is as git left it — merge again when ready.';
    host.handle('stopLand', (req) => {
      stops.push(req);
      finish({ ok: false, action: 'merge', reason: 'failed', message: sentence });
      return { stopped: true };
    });
    renderApp({ host });
    const panel = await openPanel();
    await userEvent.click(within(panel).getByTestId('land-merge'));
    const dialog = await screen.findByTestId('land-dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Commit message')).toHaveValue('Write the notes'));
    await userEvent.click(within(dialog).getByTestId('land-confirm'));
    const progress = await within(dialog).findByTestId('git-progress');
    expect(await within(progress).findByRole('status')).toHaveTextContent(
      'Waiting for the pre-commit hook (.git/hooks/pre-commit): 3 seconds of at most 60 seconds.',
    );
    elapsedMs = 4000;
    await waitFor(() => expect(within(progress).getByRole('status')).toHaveTextContent('4 seconds'), { timeout: 5000 });
    await userEvent.click(within(progress).getByRole('button', { name: 'Stop' }));
    expect(stops).toEqual([{ threadId: 'w' }]);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(sentence);
    expect(within(dialog).queryByTestId('git-progress')).toBeNull();
  });

  it('shows a conflict’s files and offers to bring main in, the project’s last choice first', async () => {
    const { host } = hostWithWorktree(() => ({
      ok: false,
      action: 'merge',
      reason: 'conflict',
      message: 'Merging conflicts in notes.md.',
      files: ['notes.md'],
    }));
    const base = changes(2);
    host.handle('getChanges', () => ({ ...base, bringHow: 'rebase' }));
    const brought: unknown[] = [];
    host.handle('bringBase', (req) => {
      brought.push(req);
      return { ok: true, done: true, message: 'Rebased worktree-notes onto main.' };
    });
    renderApp({ host });
    const panel = await openPanel();
    await userEvent.click(within(panel).getByTestId('land-merge'));
    const dialog = await screen.findByTestId('land-dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Commit message')).toHaveValue('Write the notes'));
    await userEvent.click(within(dialog).getByTestId('land-confirm'));
    const conflict = await within(panel).findByTestId('changes-conflict');
    expect(conflict).toHaveTextContent('notes.md');
    expect(within(conflict).getByLabelText('Rebase onto main')).toBeChecked();
    await userEvent.click(within(conflict).getByLabelText('Merge main in'));
    await userEvent.click(within(conflict).getByTestId('bring-base'));
    expect(await within(panel).findByTestId('bring-outcome')).toHaveTextContent('Rebased worktree-notes onto main.');
    expect(brought).toEqual([{ threadId: 'w', how: 'merge' }]);
  });

  it('shows a merge in progress as such: conflicted files marked, landing off with why, Claude handed only them', async () => {
    const { host } = hostWithWorktree(() => ({ ok: true, action: 'merge', message: 'Merged.' }));
    host.handle('getChanges', () => ({
      ...changes(7),
      changes: [{ path: 'app.js', status: 'modified', added: 7, removed: 1, uncommitted: true, conflicted: true }],
      unfinished: { operation: 'merge', conflicted: ['app.js'], markers: ['app.js'] },
    }));
    host.handle('resolveBring', () => ({
      prompt: 'Bringing main into this thread stopped on conflicts in app.js.',
      files: ['app.js'],
    }));
    host.handle('finishBring', () => ({
      ok: false,
      reason: 'unfinished',
      message:
        'app.js still has conflict markers (<<<<<<<), so nothing was committed: resolve them, then finish again.',
      files: ['app.js'],
    }));
    renderApp({ host });
    const panel = await openPanel();
    const box = await within(panel).findByTestId('changes-unfinished');
    expect(box).toHaveTextContent('Merging main into this thread stopped on conflicts');
    expect(box).toHaveTextContent('app.js — conflicted');
    const row = within(panel).getByTestId('changes-file');
    expect(row).toHaveTextContent('conflicted');
    expect(row).not.toHaveTextContent('+7');
    for (const a of ['commit', 'merge', 'keep', 'pullRequest'])
      expect(within(panel).getByTestId(`land-${a}`)).toBeDisabled();
    expect(within(panel).getByTestId('land-merge')).toHaveAccessibleDescription(
      /Finish or abort the merge above first/,
    );
    await userEvent.click(within(box).getByTestId('bring-finish'));
    expect(await within(box).findByTestId('bring-note')).toHaveTextContent('app.js still has conflict markers');
    await userEvent.click(within(box).getByTestId('bring-claude'));
    await waitFor(() =>
      expect(host.callsTo('sendMessage')).toEqual([
        expect.objectContaining({ threadId: 'w', text: expect.stringContaining('stopped on conflicts in app.js') }),
      ]),
    );
    expect(host.callsTo('resolveBring')).toEqual([{ threadId: 'w', by: 'claude' }]);
  });

  it('after a merge, with nothing left to land, the land actions are off and say why', async () => {
    const { host } = hostWithWorktree(() => ({ ok: true, action: 'merge', message: 'Merged.' }));
    host.handle('getChanges', () => ({ ...changes(0), ahead: 0, files: 0, changes: [] }));
    renderApp({ host });
    const panel = await openPanel();
    expect(await within(panel).findByTestId('changes-summary')).toHaveTextContent('No changes against main.');
    for (const a of ['commit', 'merge', 'keep', 'pullRequest'])
      expect(within(panel).getByTestId(`land-${a}`)).toBeDisabled();
    expect(within(panel).getByTestId('changes-blocked-note')).toHaveTextContent('Nothing to land');
  });

  it('Tidy up lists what Claude Desk made and no thread uses, with what each holds, and removes the ticked', async () => {
    const { host } = hostWithWorktree(() => ({ ok: true, action: 'merge', message: 'Merged.' }));
    const stale = [
      {
        kind: 'branch',
        branch: 'worktree-old',
        base: 'main',
        thread: 'Old',
        uncommitted: 0,
        unmerged: 0,
        holds: 'nothing that is not on main',
      },
      {
        kind: 'worktree',
        path: '/repo/.claude/worktrees/wip',
        branch: 'worktree-wip',
        base: 'main',
        uncommitted: 2,
        unmerged: 1,
        holds: '2 uncommitted files and 1 commit not on main',
      },
    ];
    host.handle('listStaleWorktrees', () => stale);
    host.handle('tidyWorktrees', () => ({ removed: 1, message: 'Removed 1 of 1.' }));
    renderApp({ host });
    const panel = await openPanel();
    await userEvent.click(within(panel).getByTestId('tidy-open'));
    const dialog = await screen.findByTestId('tidy-dialog');
    const boxes = await within(dialog).findAllByTestId('tidy-item');
    expect(dialog).toHaveTextContent('its thread is deleted · 2 uncommitted files and 1 commit not on main');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, false]); // only what holds nothing
    await userEvent.click(within(dialog).getByTestId('tidy-confirm'));
    expect(await within(dialog).findByTestId('tidy-outcome')).toHaveTextContent('Removed 1 of 1.');
    expect(host.callsTo('tidyWorktrees')).toEqual([{ repo: '/repo', items: [{ branch: 'worktree-old' }] }]);
  });

  it('a discard that would lose work asks again and is forced only once the box is ticked', async () => {
    const asked: LandRequest[] = [];
    const { host } = hostWithWorktree((req) => {
      asked.push(req);
      return req.force
        ? { ok: true, action: 'discard', message: 'Removed the worktree and the branch worktree-notes.' }
        : {
            ok: false,
            action: 'discard',
            reason: 'needs-confirmation',
            message: 'Discarding would delete 1 uncommitted file (notes.md): confirm to discard them anyway.',
            files: ['notes.md'],
          };
    });
    renderApp({ host });
    const panel = await openPanel();
    await userEvent.click(within(panel).getByTestId('land-discard'));
    const dialog = await screen.findByTestId('land-dialog');
    await userEvent.click(within(dialog).getByTestId('land-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('1 uncommitted file (notes.md)');
    const anyway = within(dialog).getByTestId('land-confirm');
    expect(anyway).toHaveTextContent('Discard anyway');
    expect(anyway).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Delete this work too'));
    await userEvent.click(anyway);
    expect(await within(panel).findByTestId('changes-outcome')).toHaveTextContent('Removed the worktree');
    expect(asked.map((r) => r.force ?? false)).toEqual([false, true]);
  });

  it('a discard under a live session names it, and goes on only with both boxes ticked once both are asked', async () => {
    const asked: LandRequest[] = [];
    const { host } = hostWithWorktree((req): LandOutcome => {
      asked.push(req);
      if (!req.despiteSessions)
        return {
          ok: false,
          action: 'discard',
          reason: 'live-session',
          message: 'A Claude Code session is still working in this worktree: stop it first, or confirm.',
          sessions: ['“Fix the tests” (background, claude stop c4d0950c)'],
        };
      if (!req.force)
        return { ok: false, action: 'discard', reason: 'needs-confirmation', message: 'Would delete 1 file.' };
      return { ok: true, action: 'discard', message: 'Removed the worktree and the branch worktree-notes.' };
    });
    renderApp({ host });
    const panel = await openPanel();
    await userEvent.click(within(panel).getByTestId('land-discard'));
    const dialog = await screen.findByTestId('land-dialog');
    await userEvent.click(within(dialog).getByTestId('land-confirm'));
    const list = await within(dialog).findByRole('list', { name: 'Sessions still working in this worktree' });
    expect(list).toHaveTextContent('claude stop c4d0950c');
    const anyway = within(dialog).getByTestId('land-confirm');
    expect(anyway).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Remove the folder even if a session is still working in it'));
    await userEvent.click(anyway);
    await within(dialog).findByLabelText('Delete this work too');
    // The session's box stays ticked: the second refusal does not undo the first confirmation.
    expect(within(dialog).getByLabelText(/even if a session/)).toBeChecked();
    expect(anyway).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Delete this work too'));
    await userEvent.click(anyway);
    expect(await within(panel).findByTestId('changes-outcome')).toHaveTextContent('Removed the worktree');
    expect(asked.map((r) => [r.despiteSessions ?? false, r.force ?? false])).toEqual([
      [false, false],
      [true, false],
      [true, true],
    ]);
  });

  it('offers Create pull request only once gh is there, logged in, with a remote; else says what is missing', async () => {
    const { host } = hostWithWorktree(() => ({ ok: true, action: 'merge', message: 'Merged.' }));
    let answer: (r: PullRequestReadiness) => void = () => undefined;
    host.handle('getPullRequestReadiness', () => new Promise<PullRequestReadiness>((r) => (answer = r)));
    renderApp({ host });
    const panel = await openPanel();
    // The panel does not wait for gh: the files show, and the button waits, saying so.
    expect(await within(panel).findByTestId('changes-file')).toBeVisible();
    const pr = within(panel).getByTestId('land-pullRequest');
    expect(pr).toBeDisabled();
    expect(pr).toHaveAccessibleDescription('Checking whether pull requests can be opened from here…');
    const login = 'gh is not logged in to github.com: run gh auth login in a terminal, then reopen Changes.';
    act(() => answer({ ready: false, missing: 'login', message: login }));
    await waitFor(() => expect(pr).toHaveAccessibleDescription(login));
    expect(pr).toBeDisabled();
    // Reopened, the last answer shows at once while gh is asked again; then it is ready.
    await userEvent.click(screen.getByTestId('changes-button'));
    await userEvent.click(screen.getByTestId('changes-button'));
    const again = await screen.findByTestId('changes-panel');
    expect(within(again).getByTestId('changes-pr-note')).toHaveTextContent(login);
    act(() => answer({ ready: true, remote: 'origin' }));
    await waitFor(() => expect(within(again).getByTestId('land-pullRequest')).toBeEnabled());
    expect(within(again).queryByTestId('changes-pr-note')).toBeNull();
    expect(host.callsTo('getPullRequestReadiness')).toEqual([{ threadId: 'w' }, { threadId: 'w' }]);
  });

  it('Esc closes the panel and gives focus back to its button', async () => {
    const { host } = hostWithWorktree(() => ({ ok: true, action: 'merge', message: 'Merged.' }));
    renderApp({ host });
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByTestId('changes-file'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('changes-panel')).toBeNull();
    expect(screen.getByTestId('changes-button')).toHaveFocus();
    expect(screen.getByTestId('changes-button')).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers no Changes button for a thread without a worktree', async () => {
    renderApp({ host: createFakeHost({ threads: [makeThread('p', 'Plain')] }) });
    await userEvent.click(await screen.findByText('Plain', { selector: '.thread-title, *' }));
    expect(await screen.findByTestId('chat-title')).toHaveTextContent('Plain');
    expect(screen.queryByTestId('changes-button')).toBeNull();
  });
});
