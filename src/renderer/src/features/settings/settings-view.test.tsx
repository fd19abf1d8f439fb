import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

/** Settings is a screen of sections: open it, then the named section from its navigation. */
async function openSection(name: string) {
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('button', { name }),
  );
}

async function openSettings(host = createFakeHost(), section = 'Permissions') {
  renderApp({ host });
  await userEvent.click(await screen.findByTestId('open-settings'));
  await openSection(section);
  const control = await screen.findByTestId(section === 'Permissions' ? 'permission-control' : 'settings-view');
  await waitFor(() => expect(control).not.toBeDisabled());
  return { host, control };
}

describe('settings: permission mode', () => {
  it('offers Ask, Accept edits (default) and Full access', async () => {
    const { control } = await openSettings();
    expect(within(control).getByRole('radio', { name: /Accept edits/ })).toBeChecked();
    expect(within(control).getByRole('radio', { name: /^Ask/ })).not.toBeChecked();
    expect(within(control).getByRole('radio', { name: /Full access/ })).not.toBeChecked();
  });

  it('full access needs a confirmation naming what it grants; Cancel changes nothing', async () => {
    const { host, control } = await openSettings();
    await userEvent.click(within(control).getByRole('radio', { name: /Full access/ }));
    const dialog = screen.getByTestId('full-access-dialog');
    for (const grant of ['shell command', 'network', 'sub-agents', 'no approval'])
      expect(dialog).toHaveTextContent(grant);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(host.callsTo('updateSettings')).toHaveLength(0);
    expect(within(control).getByRole('radio', { name: /Accept edits/ })).toBeChecked();

    await userEvent.click(within(control).getByRole('radio', { name: /Full access/ }));
    await userEvent.click(
      within(screen.getByTestId('full-access-dialog')).getByRole('button', { name: 'Turn on full access' }),
    );
    await waitFor(() => expect(host.callsTo('updateSettings')).toEqual([{ permissionMode: 'bypassPermissions' }]));
    expect(within(control).getByRole('radio', { name: /Full access/ })).toBeChecked();
  });

  it('switching back to Accept edits needs no confirmation', async () => {
    const host = createFakeHost();
    host.settings = { ...host.settings, permissionMode: 'bypassPermissions' };
    const { control } = await openSettings(host);
    await userEvent.click(within(control).getByRole('radio', { name: /Accept edits/ }));
    expect(screen.queryByTestId('full-access-dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(host.callsTo('updateSettings')).toEqual([{ permissionMode: 'acceptEdits' }]));
  });

  it('a mode locked by the environment is disabled, with the reason', async () => {
    const host = createFakeHost();
    host.settings = { ...host.settings, permissionModeLockedBy: 'CLAUDE_DESK_PERMISSION_MODE=acceptEdits' };
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('open-settings'));
    await openSection('Permissions');
    expect(await screen.findByTestId('permission-locked')).toHaveTextContent('CLAUDE_DESK_PERMISSION_MODE=acceptEdits');
    expect(screen.getByTestId('permission-control')).toBeDisabled();
  });

  it('the chat header sets this thread’s mode (full access asks first and shows a badge); Settings keeps the default', async () => {
    const host = createFakeHost({ threads: [makeThread('t', 'Work'), makeThread('u', 'Other')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const select = await screen.findByTestId('permission-select');
    await waitFor(() => expect(select).not.toBeDisabled());
    expect(screen.queryByTestId('full-access-badge')).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'bypassPermissions');
    await userEvent.click(
      within(screen.getByTestId('full-access-dialog')).getByRole('button', { name: 'Turn on full access' }),
    );
    expect(await screen.findByTestId('full-access-badge')).toHaveTextContent('Full access');
    expect(host.callsTo('updateThreadSettings')).toEqual([
      { threadId: 't', settings: { permissionMode: 'bypassPermissions' } },
    ]);
    expect(host.callsTo('updateSettings')).toEqual([]);

    // Another thread still runs in the default; coming back shows this thread's own mode.
    await userEvent.click(screen.getByText('Other'));
    await waitFor(() => expect(screen.getByTestId('permission-select')).toHaveValue('acceptEdits'));
    expect(screen.queryByTestId('full-access-badge')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Work'));
    await waitFor(() => expect(screen.getByTestId('permission-select')).toHaveValue('bypassPermissions'));
  });

  it('under the environment lock the header shows the locked mode, whatever the thread saved', async () => {
    const work = makeThread('t', 'Work');
    work.settings = { permissionMode: 'bypassPermissions' };
    const host = createFakeHost({ threads: [work] });
    host.settings = {
      ...host.settings,
      permissionMode: 'ask',
      permissionModeLockedBy: 'CLAUDE_DESK_PERMISSION_MODE=ask',
    };
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const select = await screen.findByTestId('permission-select');
    await waitFor(() => expect(select).toHaveValue('ask'));
    expect(select).toBeDisabled();
    expect(screen.queryByTestId('full-access-badge')).not.toBeInTheDocument();
  });
});

describe('settings: model, key, tools, memory, data', () => {
  it('the default model is the same picker as /model: the CLI’s models, or an id typed', async () => {
    const { host } = await openSettings(createFakeHost(), 'CLI & login');
    const picker = await screen.findByTestId('default-model');
    expect(within(picker).getByRole('list', { name: 'Default model' })).toBeInTheDocument();
    expect(await within(picker).findByRole('button', { name: /Default \(recommended\)/, pressed: true })).toBeVisible();
    await userEvent.click(within(picker).getByRole('button', { name: /Sonnet/ }));
    await waitFor(() => expect(host.callsTo('updateSettings')).toContainEqual({ defaultModel: 'sonnet' }));
    expect(screen.getByText(/is kept with the name but not sent/)).toBeInTheDocument();
    await userEvent.type(within(picker).getByLabelText('Model id'), 'claude-code:sonnet@0.2{Enter}');
    await waitFor(() =>
      expect(host.callsTo('updateSettings')).toContainEqual({ defaultModel: 'claude-code:sonnet@0.2' }),
    );
  });

  it('a saved API key can be removed and is never shown', async () => {
    const host = createFakeHost();
    host.settings = { ...host.settings, hasSavedApiKey: true };
    await openSettings(host, 'CLI & login');
    const fields = screen.getAllByTestId('api-key-field');
    const field = fields[fields.length - 1]!;
    expect(field).toHaveTextContent('Saved, encrypted with your system keychain.');
    await userEvent.click(within(field).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(host.callsTo('clearApiKey')).toHaveLength(1));
  });

  it('sets the tool policy', async () => {
    const { host } = await openSettings(createFakeHost(), 'Tools');
    await waitFor(() => expect(screen.getByTestId('tool-policy')).not.toBeDisabled());
    await userEvent.click(within(screen.getByTestId('tool-policy')).getByRole('radio', { name: /Read-only/ }));
    await waitFor(() => expect(host.callsTo('updateSettings')).toContainEqual({ toolPolicy: 'read-only' }));
  });

  it('lists, searches and deletes memories', async () => {
    const host = createFakeHost();
    let items = [
      { id: 'm1', content: 'Prefers metric units', tags: ['prefs'], createdAt: 1, updatedAt: 1 },
      { id: 'm2', content: 'Project uses pnpm', tags: [], createdAt: 2, updatedAt: 2 },
    ];
    host.handle('listMemories', (input) => {
      const q = (input as { query?: string } | undefined)?.query;
      return { items: q ? items.filter((m) => m.content.includes(q)) : items };
    });
    host.handle('deleteMemory', (input) => {
      items = items.filter((m) => m.id !== (input as { id: string }).id);
      return null;
    });
    await openSettings(host, 'Memory');
    const panel = screen.getByTestId('memory-panel');
    expect(await within(panel).findAllByTestId('memory-item')).toHaveLength(2);
    await userEvent.type(within(panel).getByLabelText('Search memories'), 'pnpm');
    await waitFor(() => expect(within(panel).getAllByTestId('memory-item')).toHaveLength(1));
    await userEvent.click(within(panel).getByRole('button', { name: /Forget: Project uses pnpm/ }));
    await waitFor(() => expect(within(panel).queryAllByTestId('memory-item')).toHaveLength(0));
    expect(host.callsTo('deleteMemory')).toEqual([{ id: 'm2' }]);
  });

  it('shows the data folder in Diagnostics', async () => {
    await openSettings(createFakeHost(), 'Diagnostics');
    expect(await screen.findByTestId('data-dir')).toHaveTextContent('/data/desk');
  });
});

describe('settings opened while a new thread is made', () => {
  it('stays open when the host answers: the new thread opens behind it', async () => {
    const host = createFakeHost();
    const made = makeThread('th-late', 'New thread', [], 1_800_000_000_000);
    let answer: (t: unknown) => void = () => undefined;
    host.handle('createThread', () => new Promise((resolve) => (answer = resolve)));
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('new-thread'));
    await userEvent.click(screen.getByTestId('open-settings'));
    expect(await screen.findByTestId('settings-view')).toBeVisible();
    host.threads.push(made);
    answer({ ...made, messages: undefined });
    await waitFor(() => expect(host.callsTo('getThread')).toContainEqual({ threadId: 'th-late' }));
    expect(screen.getByTestId('settings-view')).toBeVisible();
    await userEvent.click(screen.getByTestId('open-settings'));
    expect(await screen.findByTestId('chat-title')).toHaveTextContent('New thread');
  });
});
