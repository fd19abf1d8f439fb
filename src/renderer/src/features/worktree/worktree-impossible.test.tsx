import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ThreadSettings } from '../../../../shared/threads';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const WHY =
  'The repository in /home/me/fresh has no commit yet, so a worktree has nothing to start from: make a first commit, or turn off Own worktree to work in the folder itself, as your first message otherwise will.';

function hostWith(settings: ThreadSettings) {
  const thread = makeThread('f', 'Fresh start');
  thread.settings = settings;
  const host = createFakeHost({ threads: [thread] });
  host.handle('describeFolder', () => ({
    path: '/home/me/fresh',
    name: 'fresh',
    lastUsed: 1,
    seenIn: ['threads'],
    state: 'ok',
    git: {},
  }));
  host.handle('getWorktreeStatus', () => ({ gone: false, impossible: WHY }));
  return host;
}

describe('the empty chat of a thread that asks for a worktree none can give', () => {
  it('says why and what to do before the first message', async () => {
    const host = hostWith({ projectDir: '/home/me/fresh', useWorktree: true });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Fresh start', { selector: '.thread-title, *' }));
    const empty = await screen.findByTestId('empty-state');
    expect(await within(empty).findByTestId('worktree-impossible')).toHaveTextContent(WHY);
    await waitFor(() => expect(host.callsTo('getWorktreeStatus')).toContainEqual({ threadId: 'f' }));
  });

  it('says nothing for a thread that works in the folder itself', async () => {
    const host = hostWith({ projectDir: '/home/me/fresh', useWorktree: false });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Fresh start', { selector: '.thread-title, *' }));
    await screen.findByTestId('empty-state');
    expect(screen.queryByTestId('worktree-impossible')).toBeNull();
    expect(host.callsTo('getWorktreeStatus')).toEqual([]);
  });
});
