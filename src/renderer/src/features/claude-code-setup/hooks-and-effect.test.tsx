import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClaudeCodeSetup, EffectiveSettingsView, SettingsFileView } from '../../../../shared/claude-code-setup';
import { createFakeHost } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { ruleEffect } from './rule-effect';

const HOOK = { event: 'PreToolUse', matcher: 'Write', type: 'command', command: 'exit 2' };
const user: SettingsFileView = {
  scope: 'user',
  path: '/home/u/.claude/settings.json',
  exists: true,
  rules: [{ list: 'deny', rule: 'Write(x)', problem: 'File rules are Edit(...) rules.' }],
  hooks: [HOOK],
  hooksOff: false,
};
const local: SettingsFileView = {
  scope: 'local',
  path: '/p/.claude/settings.local.json',
  exists: true,
  rules: [{ list: 'allow', rule: 'Bash(npm test)' }],
  hooks: [],
  hooksOff: false,
};
const setupWith = (...settings: SettingsFileView[]): ClaudeCodeSetup => ({
  home: '/home/u',
  projectDir: '/p',
  settings,
  instructions: [],
  agents: [],
  skills: [],
  outputStyles: [],
});
const none = { allow: [], ask: [], deny: [] };
const effective: EffectiveSettingsView = {
  cwd: '/p',
  ms: 312,
  rules: { ...none, allow: ['Bash(npm test)'], deny: ['Write(x)'] },
  sources: [
    { scope: 'user', rules: { ...none, deny: ['Write(x)'] } },
    { scope: 'local', rules: { ...none, allow: ['Bash(npm test)'] } },
  ],
  errors: [],
};

async function open(host: ReturnType<typeof createFakeHost>, page?: 'hooks') {
  renderApp({ host });
  await userEvent.click(await screen.findByTestId('open-settings'));
  await userEvent.click(await screen.findByTestId('settings-nav-claude-code'));
  if (page) await userEvent.click(await screen.findByTestId(`setup-page-${page}`));
}

describe('the Hooks page', () => {
  it('switches one hook off and on: the host is told which, and the row says it is kept but not run', async () => {
    const host = createFakeHost();
    host.handle('getClaudeCodeSetup', () => setupWith(user, local));
    const asked: unknown[] = [];
    host.handle('setHookOff', (input) => {
      asked.push(input);
      const off = (input as { off: boolean }).off;
      return { setup: setupWith({ ...user, hooks: [{ ...HOOK, off }] }, local), takesEffect: 'Next message.' };
    });
    await open(host, 'hooks');
    const toggle = await screen.findByRole('switch', { name: 'On: run the PreToolUse · Write hook: exit 2' });
    expect(toggle).toBeChecked();
    // A visible label, as the Skills page's switch has, and the accessible name starts with it (label in name).
    expect(toggle.closest('label')).toHaveTextContent(/^On$/);
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('setup-hook')).toHaveTextContent('Off: kept in the file, not run'));
    expect(screen.getByRole('switch', { name: /PreToolUse · Write/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: /PreToolUse · Write/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /PreToolUse · Write/ })).toBeChecked());
    expect(asked).toEqual([
      { scope: 'user', hook: { event: 'PreToolUse', matcher: 'Write', command: 'exit 2', off: false }, off: true },
      { scope: 'user', hook: { event: 'PreToolUse', matcher: 'Write', command: 'exit 2', off: true }, off: false },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Saved. Next message.');
  });

  it('removes a hook only once the user confirms', async () => {
    const host = createFakeHost();
    host.handle('getClaudeCodeSetup', () => setupWith(user, local));
    let removed = 0;
    host.handle('removeHook', () => {
      removed++;
      return { setup: setupWith({ ...user, hooks: [] }, local), takesEffect: 'Next message.' };
    });
    await open(host, 'hooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the PreToolUse · Write hook: exit 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this hook?' });
    expect(dialog).toHaveTextContent('/home/u/.claude/settings.json');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: /Remove the PreToolUse/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove hook' }));
    await waitFor(() => expect(screen.queryByTestId('setup-hook')).toBeNull());
    expect(removed).toBe(1);
  });

  it('adds a hook: a blank command is refused with why; the tool pattern is asked only for tool events', async () => {
    const host = createFakeHost();
    host.handle('getClaudeCodeSetup', () => setupWith(user, local));
    const added: unknown[] = [];
    host.handle('addHook', (input) => {
      added.push(input);
      return { setup: setupWith(user, local), takesEffect: 'Next message.' };
    });
    await open(host, 'hooks');
    const form = await screen.findByRole('form', { name: 'Add a hook' });
    expect(within(form).queryByRole('textbox', { name: 'Tools' })).toBeNull(); // UserPromptSubmit first
    await userEvent.type(within(form).getByRole('textbox', { name: 'Command' }), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Add hook' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('A hook needs a command to run.');
    expect(added).toEqual([]);
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Event' }), 'PreToolUse');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Tools' }), 'Write');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Command' }), './check.sh');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'File' }), 'local');
    await userEvent.click(within(form).getByRole('button', { name: 'Add hook' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toEqual({
      scope: 'local',
      hook: { event: 'PreToolUse', matcher: 'Write', command: '   ./check.sh' },
    });
  });

  it('says when Claude Code does not use a file, so none of its hooks run', async () => {
    const host = createFakeHost();
    host.handle('getClaudeCodeSetup', () => setupWith(user, local));
    const message = 'PreToolUse/PermissionRequest hooks are declared outside "hooks"';
    host.handle('getEffectiveSettings', () => ({ ...effective, errors: [{ path: user.path, message }] }));
    await open(host, 'hooks');
    expect(await screen.findByTestId('hooks-file-unused')).toHaveTextContent(
      `Claude Code does not use this file, so none of its hooks run: ${message}`,
    );
  });
});

describe('the Permission rules page: what Claude Code reports in effect', () => {
  it('marks each rule from Claude Code’s answer and says where and how long it asked', async () => {
    const host = createFakeHost();
    host.handle('getClaudeCodeSetup', () => setupWith(user, local));
    host.handle('getEffectiveSettings', () => effective);
    await open(host);
    const localRules = await screen.findByTestId('rules-local');
    await waitFor(() => expect(within(localRules).getByTestId('rule-effect')).toHaveTextContent('In effect'));
    expect(within(screen.getByTestId('rules-user')).getByTestId('rule-effect')).toHaveTextContent(
      'Not in effect: Claude Code loaded it, but it matches nothing (see why beside it).',
    );
    expect(screen.getByTestId('effective-status')).toHaveTextContent('when it starts in /p (asked in 312 ms)');
  });

  it('asked again, it keeps the last marks and says nothing new until the answer; a rule it has not seen waits', async () => {
    const host = createFakeHost();
    let setup = setupWith(user, local);
    host.handle('getClaudeCodeSetup', () => setup);
    let answer: ((v: EffectiveSettingsView) => void) | undefined;
    host.handle('getEffectiveSettings', () =>
      answer ? new Promise((resolve) => (answer = resolve)) : ((answer = () => {}), effective),
    );
    await open(host);
    const status = await screen.findByTestId('effective-status');
    await waitFor(() => expect(status).toHaveTextContent('asked in 312 ms'));
    // A rule added: the files change, so Claude Code is asked again; its answer has not come yet.
    setup = setupWith(user, { ...local, rules: [...local.rules, { list: 'deny', rule: 'Read(.env)' }] });
    host.handle('editPermissionRule', () => ({ setup, takesEffect: 'next message' }));
    await userEvent.type(screen.getByLabelText('Rule'), 'Read(.env)');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const localRules = screen.getByTestId('rules-local');
    await within(localRules).findByText('Read(.env)');
    expect(host.callsTo('getEffectiveSettings')).toHaveLength(2);
    expect(screen.queryByText(/Asking Claude Code/)).toBeNull();
    expect(screen.getByTestId('effective-status')).toHaveTextContent('asked in 312 ms');
    expect(within(localRules).getAllByTestId('rule-effect')).toHaveLength(1); // the old rule's; none for the new one
    expect(within(localRules).getByTestId('rule-effect')).toHaveTextContent('In effect');
    const withNew = {
      ...effective,
      ms: 4,
      sources: [
        effective.sources[0]!,
        { scope: 'local' as const, rules: { ...none, allow: ['Bash(npm test)'], deny: ['Read(.env)'] } },
      ],
    };
    await act(async () => answer?.(withNew));
    await waitFor(() => expect(within(localRules).getAllByTestId('rule-effect')).toHaveLength(2));
    expect(screen.getByTestId('effective-status')).toHaveTextContent('asked in 4 ms');
  });

  it('without an answer it says so in a sentence, and the rules are still listed from the files', async () => {
    const host = createFakeHost();
    host.handle('getClaudeCodeSetup', () => setupWith(user, local));
    host.handle('getEffectiveSettings', () => {
      throw new Error('Claude Code could not be started: spawn ENOENT');
    });
    await open(host);
    await waitFor(() =>
      expect(screen.getByTestId('effective-status')).toHaveTextContent(
        'Claude Code could not be asked which rules are in effect (Claude Code could not be started: spawn ENOENT)',
      ),
    );
    expect(within(screen.getByTestId('rules-local')).getByText('Bash(npm test)')).toBeInTheDocument();
    expect(screen.queryByTestId('rule-effect')).toBeNull();
  });
});

describe('ruleEffect', () => {
  const rule = { list: 'allow' as const, rule: 'Bash(npm test)' };
  it('a deny or an ask of the same rule decides before an allow; a file Claude Code could not use says why', () => {
    const withDeny = { ...effective, rules: { ...effective.rules, deny: ['Bash(npm test)'] } };
    expect(ruleEffect(local, rule, withDeny).text).toBe('Not in effect: a deny rule for the same calls wins.');
    const withAsk = { ...effective, rules: { ...effective.rules, ask: ['Bash(npm test)'] } };
    expect(ruleEffect(local, rule, withAsk).text).toMatch(/an ask rule .* comes first/);
    const broken = { ...effective, errors: [{ path: local.path, message: 'Invalid or malformed JSON' }] };
    expect(ruleEffect(local, rule, broken).text).toBe(
      'Not in effect: Claude Code could not use this file: Invalid or malformed JSON',
    );
    expect(ruleEffect(local, rule, { ...effective, sources: [] }).text).toBe(
      'Not in effect: Claude Code did not read this file.',
    );
  });
});
