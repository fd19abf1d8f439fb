import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClaudeCodeSetup } from '../../../../shared/claude-code-setup';
import { createFakeHost } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const setup: ClaudeCodeSetup = {
  home: '/home/u',
  projectDir: '/p',
  settings: [
    {
      scope: 'user',
      path: '/home/u/.claude/settings.json',
      exists: true,
      rules: [{ list: 'deny', rule: 'Write(x)', problem: 'File rules are Edit(...) rules.' }],
      hooks: [{ event: 'UserPromptSubmit', type: 'command', command: 'echo hi >> log' }],
      hooksOff: false,
    },
    {
      scope: 'local',
      path: '/p/.claude/settings.local.json',
      exists: true,
      rules: [{ list: 'allow', rule: 'Bash(npm test)' }],
      hooks: [],
      hooksOff: false,
    },
    {
      scope: 'project',
      path: '/p/.claude/settings.json',
      exists: true,
      error: 'It is not valid JSON: Unexpected token }',
      rules: [],
      hooks: [],
      hooksOff: false,
    },
  ],
  instructions: [{ kind: 'user', path: '/home/u/.claude/CLAUDE.md', exists: true, text: '# Mine\n\nBe **brief**.' }],
  agents: [],
  skills: [],
  outputStyles: [],
};

async function openClaudeCode(host = createFakeHost()) {
  host.handle('getClaudeCodeSetup', () => setup);
  renderApp({ host });
  await userEvent.click(await screen.findByTestId('open-settings'));
  await userEvent.click(await screen.findByTestId('settings-nav-claude-code'));
  return screen.findByTestId('claude-code-setup');
}

describe('Settings → Claude Code', () => {
  it('rules by file with their source; a rule that cannot work says why; a malformed file says so and offers no edit', async () => {
    await openClaudeCode();
    const user = await screen.findByTestId('rules-user');
    expect(within(user).getByText('/home/u/.claude/settings.json')).toBeInTheDocument();
    expect(within(user).getByText('File rules are Edit(...) rules.')).toBeInTheDocument();
    const local = screen.getByTestId('rules-local');
    expect(within(local).getByText('Local (not checked in)')).toBeInTheDocument();
    expect(within(local).getByText('Bash(npm test)')).toBeInTheDocument();
    const project = screen.getByTestId('rules-project');
    expect(within(project).getByRole('alert')).toHaveTextContent('will not write to it. It is not valid JSON');
    // Not offered as a file to add to.
    const fileChoice = screen.getByLabelText('File');
    expect(within(fileChoice).queryByText('/p/.claude/settings.json')).toBeNull();
  });

  it('adding a deny rule asks the host for the local file and says when it takes effect; a refusal is shown', async () => {
    const host = createFakeHost();
    let calls = 0;
    host.handle('editPermissionRule', (input) => {
      calls++;
      if (calls === 2) throw new Error('The rule opens a "(" it does not close at its end.');
      expect(input).toMatchObject({ scope: 'local', list: 'deny', rule: 'Edit(notes.md)', action: 'add' });
      return { setup, takesEffect: 'Takes effect on the next message.' };
    });
    await openClaudeCode(host);
    await userEvent.type(await screen.findByLabelText('Rule'), 'Edit(notes.md)');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. Takes effect on the next message.');
    await userEvent.type(screen.getByLabelText('Rule'), 'Bash(npm');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.getByText(/does not close at its end/)).toBeInTheDocument());
  });

  it('hooks by event with their command and file; instructions rendered as markdown', async () => {
    await openClaudeCode();
    await userEvent.click(screen.getByTestId('setup-page-hooks'));
    const hook = await screen.findByTestId('setup-hook');
    expect(hook).toHaveTextContent('UserPromptSubmit');
    expect(hook).toHaveTextContent('echo hi >> log');
    expect(screen.getByText(/next message, when Claude Desk starts it again/)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('setup-page-instructions'));
    const mine = await screen.findByTestId('instructions-user');
    expect(within(mine).getByText('brief').tagName).toBe('STRONG');
  });

  it('plugins: what each adds and a switch; an install offline shows Claude Code’s own sentence', async () => {
    const host = createFakeHost();
    const hello = { id: 'hello@desk-local', enabled: true, scope: 'user', adds: ['Agents (1): greeter'] };
    host.handle('listClaudePlugins', () => [hello]);
    host.handle('setClaudePluginEnabled', (input) => [{ ...hello, enabled: (input as { enabled: boolean }).enabled }]);
    host.handle('installClaudePlugin', () => {
      throw new Error('Could not install x@y: Anthropic Directory is unavailable: it could not be reached');
    });
    await openClaudeCode(host);
    await userEvent.click(screen.getByTestId('setup-page-plugins'));
    const plugin = await screen.findByTestId('setup-plugin');
    expect(plugin).toHaveTextContent('Agents (1): greeter');
    await userEvent.click(within(plugin).getByRole('checkbox', { name: 'On' }));
    await waitFor(() => expect(within(plugin).getByRole('checkbox', { name: 'On' })).not.toBeChecked());
    await userEvent.type(screen.getByRole('textbox', { name: 'Install a plugin' }), 'x@y');
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(await screen.findByText(/it could not be reached/)).toBeInTheDocument();
  });

  it('built-in plugins (case 64): apart, by name and what they do, a switch, no version and nothing to uninstall', async () => {
    const host = createFakeHost();
    const privacy = {
      id: 'cc-plugin-privacy@builtin',
      enabled: true,
      scope: 'user',
      builtIn: true,
      displayName: 'Privacy',
      summary: 'Blocks your email as a client ID',
      description:
        "Privacy: refuses a call that sends the signed-in account's or git's email address as a client's identity",
      adds: [],
    };
    const authoring = {
      id: 'cc-plugin-plugin-authoring@builtin',
      enabled: true,
      builtIn: true,
      displayName: 'Plugin authoring',
      summary: 'How to write and debug plugins',
      adds: ['Skills (1): plugin-authoring'],
    };
    const switched: unknown[] = [];
    host.handle('listClaudePlugins', () => [privacy, authoring]);
    host.handle('setClaudePluginEnabled', (input) => {
      switched.push(input);
      return [{ ...privacy, enabled: (input as { enabled: boolean }).enabled }, authoring];
    });
    await openClaudeCode(host);
    await userEvent.click(screen.getByTestId('setup-page-plugins'));
    const builtIns = await screen.findAllByTestId('setup-plugin-builtin');
    expect(builtIns).toHaveLength(2);
    expect(screen.getByText('No plugins installed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Built into Claude Code' })).toBeInTheDocument();
    const [first, second] = builtIns as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Privacy' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Built in');
    expect(first).toHaveTextContent(/refuses a call that sends the signed-in account/);
    expect(second).toHaveTextContent('How to write and debug plugins');
    expect(second).toHaveTextContent('Skills (1): plugin-authoring');
    for (const card of builtIns) {
      expect(card).not.toHaveTextContent(/unknown|version/i);
      expect(within(card).queryByRole('button', { name: /uninstall|remove/i })).toBeNull();
    }
    await userEvent.click(within(first).getByRole('checkbox', { name: 'On' }));
    await waitFor(() => expect(within(first).getByRole('checkbox', { name: 'On' })).not.toBeChecked());
    expect(switched).toEqual([expect.objectContaining({ id: 'cc-plugin-privacy@builtin', enabled: false })]);
  });
});

describe('Settings → Claude Code for a worktree thread', () => {
  it("names the thread's worktree as the project, and where an edit of a tracked file goes", async () => {
    const host = createFakeHost();
    const wt = { path: '/p/.claude/worktrees/fix', branch: 'worktree-fix', base: 'main', repo: '/p' };
    host.handle('getClaudeCodeSetup', () => ({ ...setup, projectDir: wt.path, worktree: wt }));
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('open-settings'));
    await userEvent.click(await screen.findByTestId('settings-nav-claude-code'));
    const where = await screen.findByTestId('setup-project');
    await waitFor(() => expect(where).toHaveTextContent("this thread's worktree /p/.claude/worktrees/fix"));
    expect(where).toHaveTextContent('branch worktree-fix from main');
    expect(where).toHaveTextContent(/committed with the thread's work.*\/p is not changed/);
    expect(where).toHaveTextContent(/Personal rules go in settings\.local\.json \(untracked/);
  });

  it('before its worktree is made, an edit is said to change the checkout, not the thread', async () => {
    const host = createFakeHost();
    host.handle('getClaudeCodeSetup', () => ({ ...setup, worktreePending: true }));
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('open-settings'));
    await userEvent.click(await screen.findByTestId('settings-nav-claude-code'));
    const where = await screen.findByTestId('setup-project');
    await waitFor(() => expect(where).toHaveTextContent(/changes your checkout \(uncommitted\) and does not reach/));
  });
});
