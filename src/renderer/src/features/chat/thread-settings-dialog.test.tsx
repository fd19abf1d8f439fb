import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Thread } from '../../../../shared/threads';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const withSettings = (settings: Thread['settings']): Thread => ({ ...makeThread('t1', 'Work'), settings });

async function openDialog(host = createFakeHost({ threads: [makeThread('t1', 'Work')] })) {
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  await userEvent.click(screen.getByRole('button', { name: 'Thread settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Thread settings' });
  return { host, dialog };
}

describe('thread settings dialog', () => {
  it("a thread in a git project without a worktree says where it works and the project's switch", async () => {
    const host = createFakeHost({ threads: [withSettings({ projectDir: '/home/me/shared', useWorktree: false })] });
    host.handle('describeFolder', () => ({
      path: '/home/me/shared',
      name: 'shared',
      lastUsed: 0,
      seenIn: [],
      state: 'ok',
      git: { branch: 'main', worktrees: 'never' },
    }));
    const { dialog } = await openDialog(host);
    const hint = await within(dialog).findByTestId('thread-worktree-choice');
    expect(hint).toHaveTextContent('This thread works in /home/me/shared itself, not in a worktree of its own.');
    await waitFor(() => expect(hint).toHaveTextContent('New threads of this project: never a worktree'));
  });

  it('a "when Claude first edits" thread says so, and can be let to edit the folder itself', async () => {
    const host = createFakeHost({
      threads: [withSettings({ projectDir: '/home/me/webapp', useWorktree: false, worktreeOnEdit: true })],
    });
    host.handle('describeFolder', () => ({
      path: '/home/me/webapp',
      name: 'webapp',
      lastUsed: 0,
      seenIn: [],
      state: 'ok',
      git: { branch: 'main', worktrees: 'first-edit' },
    }));
    const { dialog } = await openDialog(host);
    const hint = await within(dialog).findByTestId('thread-worktree-choice');
    expect(hint).toHaveTextContent(
      'This thread reads in /home/me/webapp and gets its own git worktree when Claude first wants to change a file',
    );
    await waitFor(() =>
      expect(hint).toHaveTextContent('New threads of this project: their own worktree when Claude first edits'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Let Claude edit /home/me/webapp itself' }));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toContainEqual({
        threadId: 't1',
        settings: { worktreeOnEdit: false },
      }),
    );
  });

  it('saves folder, model and system prompt; the header then shows the folder name (full path on hover) and the model', async () => {
    const { host, dialog } = await openDialog();
    const folder = within(dialog).getByLabelText('Project folder');
    expect(folder).toHaveValue('');
    expect(folder).toHaveAttribute('placeholder', 'Default workspace (/data/desk/workspace)');
    expect(within(dialog).getByTestId('default-workspace')).toHaveTextContent('/data/desk/workspace');
    expect(screen.getByTestId('chat-folder')).toHaveTextContent('Default workspace');

    await userEvent.type(folder, '/home/me/code/shop-app');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Model id' }), 'opus{Enter}');
    await userEvent.type(within(dialog).getByLabelText('System prompt'), 'Answer in French.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(host.callsTo('updateThreadSettings')).toEqual([
      {
        threadId: 't1',
        settings: { projectDir: '/home/me/code/shop-app', model: 'opus', systemPrompt: 'Answer in French.' },
      },
    ]);
    const chip = screen.getByTestId('chat-folder');
    expect(chip).toHaveTextContent('shop-app');
    expect(chip).toHaveAttribute('title', '/home/me/code/shop-app');
    expect(screen.getByTestId('chat-model')).toHaveTextContent('opus');
  });

  it('shows the host refusing a folder, stays open, and changes nothing in the header', async () => {
    const host = createFakeHost({ threads: [makeThread('t1', 'Work')] });
    host.handle('updateThreadSettings', () => {
      // What Electron's IPC makes of the app's error: the prefix must not reach the user.
      throw new Error(
        "Error invoking remote method 'desk:call:updateThreadSettings': Error: The project folder /nope does not exist.",
      );
    });
    const { dialog } = await openDialog(host);
    await userEvent.type(within(dialog).getByLabelText('Project folder'), '/nope{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^The project folder \/nope does not exist\.$/);
    expect(screen.getByRole('dialog', { name: 'Thread settings' })).toBeInTheDocument();
    expect(screen.getByTestId('chat-folder')).toHaveTextContent('Default workspace');
  });

  it('sends only what changed: an untouched model is not switched', async () => {
    const host = createFakeHost({ threads: [withSettings({ model: 'sonnet', projectDir: '/srv/site' })] });
    const { dialog } = await openDialog(host);
    expect(within(dialog).getByTestId('thread-model')).toHaveTextContent('sonnet');
    const folder = within(dialog).getByLabelText('Project folder');
    expect(folder).toHaveValue('/srv/site');
    await userEvent.clear(folder);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toEqual([{ threadId: 't1', settings: { projectDir: '' } }]),
    );
    expect(screen.getByTestId('chat-folder')).toHaveTextContent('Default workspace');
  });

  it('says a temperature suffix is kept but not sent', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).queryByTestId('temperature-note')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Model id' }), 'claude-code:sonnet@0.2{Enter}');
    expect(within(dialog).getByTestId('temperature-note')).toHaveTextContent('Temperature 0.2 will not be sent.');
  });

  it('Choose… (desktop app) fills the folder from the native picker; Cancel saves nothing', async () => {
    const host = createFakeHost({ threads: [makeThread('t1', 'Work')] });
    host.handle('chooseFolder', () => '/Users/me/Projects/blog');
    const { dialog } = await openDialog(host);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose…' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Project folder')).toHaveValue('/Users/me/Projects/blog'));
    expect(host.callsTo('chooseFolder')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(host.callsTo('updateThreadSettings')).toHaveLength(0);
  });

  it('in browser mode there is no Choose… button: the path is typed', async () => {
    const { dialog } = await openDialog(createFakeHost({ threads: [makeThread('t1', 'Work')], host: 'web' }));
    expect(within(dialog).getByLabelText('Project folder')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Choose…' })).not.toBeInTheDocument();
  });

  it('with no thread open, the button starts one and opens its settings', async () => {
    const host = createFakeHost();
    renderApp({ host });
    await userEvent.click(await screen.findByRole('button', { name: 'Thread settings' }));
    expect(await screen.findByRole('dialog', { name: 'Thread settings' })).toBeInTheDocument();
    expect(host.callsTo('createThread')).toHaveLength(1);
  });
});

describe('diagnostics: the log file', () => {
  async function openDiagnostics(hostKind: 'electron' | 'web') {
    const host = createFakeHost({ host: hostKind });
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('open-settings'));
    await userEvent.click(screen.getByTestId('settings-nav-diagnostics'));
    const doctor = await screen.findByTestId('doctor');
    await within(doctor).findByText('Where Claude Desk looked');
    return { host, doctor };
  }

  it('the desktop app shows the log file in the file manager', async () => {
    const { host, doctor } = await openDiagnostics('electron');
    await userEvent.click(within(doctor).getByRole('button', { name: 'Show log file' }));
    expect(host.callsTo('revealLogFile')).toHaveLength(1);
  });

  it('browser mode offers the path to copy instead', async () => {
    const { doctor } = await openDiagnostics('web');
    expect(within(doctor).queryByRole('button', { name: 'Show log file' })).not.toBeInTheDocument();
    expect(within(doctor).getByRole('button', { name: 'Copy log file path' })).toBeInTheDocument();
  });
});

describe('thread settings: one model picker, and the thread’s own folder', () => {
  it('offers the same model list as Settings (the current one pressed) and saves the one picked', async () => {
    const host = createFakeHost({ threads: [withSettings({ model: 'sonnet' })] });
    const { dialog } = await openDialog(host);
    const list = await within(dialog).findByRole('list', { name: 'Model for this thread' });
    const sonnet = await within(list).findByRole('button', { name: /Sonnet/ });
    expect(sonnet).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(list).getByRole('button', { name: /Default \(recommended\)/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toEqual([{ threadId: 't1', settings: { model: '' } }]),
    );
  });

  it('takes a custom model name typed in the picker', async () => {
    const { host, dialog } = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Model id' }), 'claude-opus-4-1-20250805{Enter}');
    // Enter picks the typed name; it does not save the dialog.
    expect(screen.getByRole('dialog', { name: 'Thread settings' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toEqual([
        { threadId: 't1', settings: { model: 'claude-opus-4-1-20250805' } },
      ]),
    );
  });

  it("a worktree thread's settings show the worktree it works in, not only the main checkout", async () => {
    const worktree = {
      name: 'fix-login',
      repo: '/home/me/shop',
      path: '/home/me/shop/.claude/worktrees/fix-login',
      branch: 'worktree-fix-login',
      base: 'main',
      state: 'ready' as const,
    };
    const { dialog } = await openDialog(
      createFakeHost({ threads: [withSettings({ projectDir: '/home/me/shop', worktree })] }),
    );
    const where = within(dialog).getByTestId('thread-worktree');
    expect(where).toHaveTextContent('/home/me/shop/.claude/worktrees/fix-login');
    expect(where).toHaveTextContent('worktree-fix-login');
    expect(where).toHaveTextContent('main');
  });
});
