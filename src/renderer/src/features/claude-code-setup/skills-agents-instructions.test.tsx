import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClaudeCodeSetup } from '../../../../shared/claude-code-setup';
import type { ChatMessage } from '../../../../shared/threads';
import { createFakeHost, type FakeHost } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const file = (scope: 'user' | 'project' | 'local', path: string) => ({
  scope,
  path,
  exists: true,
  rules: [],
  hooks: [],
  hooksOff: false,
});
const setup: ClaudeCodeSetup = {
  home: '/home/u',
  projectDir: '/w/app',
  settings: [
    file('user', '/home/u/.claude/settings.json'),
    file('project', '/w/app/.claude/settings.json'),
    file('local', '/w/app/.claude/settings.local.json'),
  ],
  instructions: [
    { kind: 'user', path: '/home/u/.claude/CLAUDE.md', exists: true, text: 'Mine.', modifiedAt: 500 },
    { kind: 'parent', path: '/w/CLAUDE.md', exists: true, text: 'Above.', realPath: '/real/w/CLAUDE.md' },
    { kind: 'project', path: '/w/app/CLAUDE.md', exists: true, text: 'Project.', modifiedAt: 2000 },
    { kind: 'project', path: '/w/app/.claude/CLAUDE.md', exists: true, text: 'Project 2.' },
    { kind: 'local', path: '/w/app/CLAUDE.local.md', exists: false },
    { kind: 'nested', path: '/w/app/pkg/CLAUDE.md', exists: true, text: 'Nested.' },
  ],
  agents: [
    {
      scope: 'user',
      path: '/home/u/.claude/agents/code-reviewer.md',
      name: 'code-reviewer',
      description: 'Reviews.',
      prompt: 'Review.',
    },
  ],
  skills: [
    { scope: 'user', path: '/home/u/.claude/skills/deploy-check/SKILL.md', name: 'deploy-check' },
    {
      scope: 'user',
      path: '/home/u/.claude/skills/release-notes/SKILL.md',
      name: 'release-notes',
      off: true,
      offBy: 'user',
    },
  ],
  outputStyles: [{ scope: 'user', path: '/home/u/.claude/output-styles/terse.md', name: 'Terse' }],
  outputStyle: { name: 'Terse', scope: 'user' },
};

async function open(page: string, host: FakeHost = createFakeHost()) {
  host.handle('getClaudeCodeSetup', () => setup);
  const app = renderApp({ host });
  await userEvent.click(await screen.findByTestId('open-settings'));
  await userEvent.click(await screen.findByTestId('settings-nav-claude-code'));
  await userEvent.click(await screen.findByTestId(`setup-page-${page}`));
  return app;
}

describe('Settings → Claude Code: skills, styles, sub-agents, instructions', () => {
  it('a switch per skill writes to the file picked; the style picker offers the built-in styles and the files found', async () => {
    const host = createFakeHost();
    const asked: unknown[] = [];
    host.handle('setClaudeSkillEnabled', (input) => {
      asked.push(input);
      return { setup, takesEffect: 'Takes effect on the next message.' };
    });
    host.handle('setClaudeOutputStyle', (input) => {
      asked.push(input);
      return { setup, takesEffect: 'Takes effect on the next message.' };
    });
    await open('skills', host);
    const off = await screen.findByRole('region', { name: 'Skill release-notes' });
    expect(within(off).getByRole('switch', { name: 'On' })).not.toBeChecked();
    expect(off).toHaveTextContent('Turned off in /home/u/.claude/settings.json.');
    const on = screen.getByRole('region', { name: 'Skill deploy-check' });
    // The project's local file by default, as Claude Code's own /skills writes.
    await userEvent.click(within(on).getByRole('switch', { name: 'On' }));
    expect(asked[0]).toEqual({ threadId: undefined, scope: 'local', name: 'deploy-check', enabled: false });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. Takes effect on the next message.');

    await userEvent.selectOptions(screen.getByLabelText('Save changes in'), 'user');
    const style = screen.getByRole('combobox', { name: 'Output style' });
    expect(
      within(style)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default (none)', 'Proactive', 'Concise', 'Explanatory', 'Learning', 'Terse (your file)']);
    expect(style).toHaveValue('Terse');
    await userEvent.selectOptions(style, 'Explanatory');
    expect(asked[1]).toEqual({ threadId: undefined, scope: 'user', style: 'Explanatory' });
  });

  it('a sub-agent is deleted after a dialog naming its file; the list shows what the host read again', async () => {
    const host = createFakeHost();
    const asked: unknown[] = [];
    host.handle('deleteClaudeAgent', (input) => {
      asked.push(input);
      return { setup: { ...setup, agents: [] }, takesEffect: 'Gone from the next message.' };
    });
    await open('agents', host);
    const card = await screen.findByRole('region', { name: 'Sub-agent code-reviewer' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete code-reviewer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the sub-agent code-reviewer?' });
    expect(dialog).toHaveTextContent('/home/u/.claude/agents/code-reviewer.md');
    // Cancel first: nothing is asked of the host.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(asked).toEqual([]);
    await userEvent.click(within(card).getByRole('button', { name: 'Delete code-reviewer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete sub-agent' }));
    expect(asked).toEqual([{ threadId: undefined, scope: 'user', name: 'code-reviewer' }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sub-agent code-reviewer' })).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Gone from the next message.');
  });

  it('instructions in load order with their source, each marked with whether the thread’s session loaded it', async () => {
    const { store } = await open('instructions');
    const cards = await screen.findAllByTestId(/^instructions-/);
    expect(cards.map((c) => c.getAttribute('data-testid'))).toEqual([
      'instructions-user',
      'instructions-parent',
      'instructions-project',
      'instructions-project',
      'instructions-local',
      'instructions-nested',
    ]);
    expect(within(cards[1]!).getByText('A folder above the project')).toBeInTheDocument();
    // No report yet: they load on the next message.
    expect(within(cards[0]!).getByTestId('load-state')).toHaveTextContent('Loads on the next message');
    const answer = {
      id: 't1',
      role: 'assistant',
      createdAt: 1000,
      status: 'done',
      parts: [],
      contextUsage: {
        categories: [{ name: 'Messages', tokens: 10, kind: 'used' }],
        totalTokens: 10,
        memoryFiles: [
          { path: '/home/u/.claude/CLAUDE.md', type: 'User' },
          // Claude Code may name a file by its path with links resolved.
          { path: '/real/w/CLAUDE.md', type: 'Project' },
          { path: '/w/app/CLAUDE.md', type: 'Project' },
        ],
      },
    } as unknown as ChatMessage;
    act(() => store.setState({ messageIds: ['t1'], messages: { t1: answer } }));
    await waitFor(() =>
      expect(within(cards[0]!).getByTestId('load-state')).toHaveTextContent('Loaded in this thread’s session'),
    );
    expect(within(cards[1]!).getByTestId('load-state')).toHaveTextContent('Loaded in this thread’s session');
    // Changed after the turn that loaded it began: the session holds the older text.
    expect(within(cards[2]!).getByTestId('load-state')).toHaveTextContent(
      'Changed since this thread’s session loaded it: the new text loads on the next message',
    );
    expect(within(cards[3]!).getByTestId('load-state')).toHaveTextContent('Loads on the next message');
    expect(within(cards[4]!).queryByTestId('load-state')).toBeNull(); // not there yet
    expect(within(cards[5]!).getByTestId('load-state')).toHaveTextContent(
      'Loads when Claude reads a file in its folder',
    );
  });
});
