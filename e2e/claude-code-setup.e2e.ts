import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { sendAndAwaitAnswer } from './agent-support';
import { expectNoAxeViolations } from './axe';
import { SHOTS, SIZES, checkPage, put } from './claude-code-setup-support';
import { startDeskHost, type DeskHost } from './desk-host';

/**
 * The user's Claude Code setup in one place, in browser mode with the real CLI against the mock: a scratch HOME with
 * a user CLAUDE.md, a UserPromptSubmit hook, a sub-agent and a skill, a project with its CLAUDE.md and a rule in
 * `.claude/settings.local.json` — each on its page with its file; a message runs the hook once and the turn says so;
 * a deny rule added on the Permissions page makes the next turn's Write refused by Claude Code.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
let dataDir: string;
test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  const home = cli.home;
  await put(path.join(home, '.claude/CLAUDE.md'), '# My rules\n\nAnswer **briefly**.\n');
  const hook = { type: 'command', command: '{ cat; echo; } >> "$HOME/hook-ran.log"' };
  await put(
    path.join(home, '.claude/settings.json'),
    JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [hook] }] } }, null, 2),
  );
  await put(
    path.join(home, '.claude/agents/code-reviewer.md'),
    '---\nname: code-reviewer\ndescription: Reviews a diff for bugs and style.\ntools: Read, Grep, Glob\nmodel: haiku\n---\nReview the change.\n',
  );
  await put(
    path.join(home, '.claude/skills/release-notes/SKILL.md'),
    '---\nname: release-notes\ndescription: Drafts release notes from the git log.\n---\nRead the log.\n',
  );
  // The default workspace is the project of a new thread.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-setup-'));
  const workspace = path.join(dataDir, 'workspace');
  await put(path.join(workspace, 'CLAUDE.md'), '# Project\n\nUse the project style.\n');
  await put(
    path.join(workspace, '.claude/settings.local.json'),
    JSON.stringify({ permissions: { allow: ['Bash(npm test)'] } }, null, 2),
  );
  host = await startDeskHost({ dataDir, env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

const hookRuns = async () =>
  (await fs.readFile(path.join(cli.home, 'hook-ran.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

async function sendInOpenThread(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Message').press('Enter');
}

test('each part of the setup shows with its file; the hook runs once per message and the turn says so; a deny rule added here refuses the next Write', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await sendInOpenThread(page, 'Hi');
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(answer.getByTestId('hook-line')).toHaveText(['↪Hook UserPromptSubmit ran']);
  expect(await hookRuns()).toBe(1);
  if (SHOTS) {
    await fs.mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'turn-hook-line-1280x800-light.png') });
  }

  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-claude-code').click();
  const section = page.getByTestId('claude-code-setup');
  const workspace = path.join(dataDir, 'workspace');
  await expect(section.getByTestId('setup-project')).toContainText(workspace);

  const local = section.getByTestId('rules-local');
  await expect(local.getByTestId('setup-source')).toContainText(path.join(workspace, '.claude/settings.local.json'));
  // Each rule with its mark once Claude Code has said what is in force (a mark may still be on its way).
  await expect(local.getByTestId('setup-rule')).toHaveText([/^Bash\(npm test\)(In effect)?Remove$/]);
  await checkPage(page, 'setup-permissions');

  await section.getByTestId('setup-page-hooks').click();
  const hooks = section.getByTestId('hooks-user');
  await expect(hooks.getByTestId('setup-source')).toContainText(path.join(cli.home, '.claude/settings.json'));
  await expect(hooks.getByTestId('setup-hook')).toContainText('UserPromptSubmit');
  await expect(hooks.getByTestId('setup-hook')).toContainText('hook-ran.log');
  await checkPage(page, 'setup-hooks');

  await section.getByTestId('setup-page-instructions').click();
  await expect(section.getByTestId('instructions-user').getByTestId('setup-source')).toContainText(
    path.join(cli.home, '.claude/CLAUDE.md'),
  );
  await expect(section.getByTestId('instructions-user')).toContainText('Answer briefly.');
  await expect(section.getByTestId('instructions-project').getByTestId('setup-source')).toContainText(
    path.join(workspace, 'CLAUDE.md'),
  );
  await checkPage(page, 'setup-instructions');

  await section.getByTestId('setup-page-agents').click();
  const agent = section.getByTestId('setup-agent');
  await expect(agent).toContainText('code-reviewer');
  await expect(agent.getByTestId('setup-source')).toContainText(path.join(cli.home, '.claude/agents/code-reviewer.md'));
  await checkPage(page, 'setup-agents');

  await section.getByTestId('setup-page-skills').click();
  const skill = section.getByTestId('setup-skill');
  await expect(skill).toContainText('release-notes');
  await expect(skill.getByTestId('setup-source')).toContainText(
    path.join(cli.home, '.claude/skills/release-notes/SKILL.md'),
  );
  await checkPage(page, 'setup-skills');

  // Claude Code's own list (plugin list --json): nothing installed in this HOME; those built into it apart (case 64).
  await section.getByTestId('setup-page-plugins').click();
  await expect(section.getByTestId('setup-plugins')).toContainText('No plugins installed.', { timeout: 30_000 });
  const builtIns = section.getByTestId('setup-plugin-builtin');
  await expect(builtIns.first()).toContainText('Built in', { timeout: 30_000 });
  await expect(section.getByTestId('setup-plugins')).not.toContainText('unknown');
  await checkPage(page, 'setup-plugins');

  // A deny rule for the file the next message writes, into the project's local file.
  await section.getByTestId('setup-page-permissions').click();
  await section.getByRole('combobox', { name: 'List', exact: true }).selectOption('deny');
  await section.getByRole('textbox', { name: 'Rule', exact: true }).fill('Edit(notes.md)');
  await section.getByRole('button', { name: 'Add rule' }).click();
  await expect(section.getByRole('status')).toContainText('Saved. Takes effect on the next message');
  await expect(local.getByTestId('setup-rule')).toHaveText([
    /^Bash\(npm test\)(In effect)?Remove$/,
    /^Edit\(notes\.md\)(In effect)?Remove$/,
  ]);
  // Asked again after the edit, Claude Code reports the new deny rule in force.
  await expect(local.getByTestId('setup-rule').nth(1)).toContainText('In effect');
  const written = JSON.parse(await fs.readFile(path.join(workspace, '.claude/settings.local.json'), 'utf8'));
  expect(written).toEqual({ permissions: { allow: ['Bash(npm test)'], deny: ['Edit(notes.md)'] } });

  await page.getByRole('button', { name: /Back to chat/ }).click();
  await sendInOpenThread(page, 'SCENARIO:write FILE:notes.md Write the notes.');
  const second = page.getByTestId('assistant-message').nth(1);
  await expect(second).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(second).toContainText('denied by your permission settings');
  await expect(fs.stat(path.join(workspace, 'notes.md'))).rejects.toThrow();
  // The hook ran once more, for this message only.
  await expect(second.getByTestId('hook-line')).toHaveText(['↪Hook UserPromptSubmit ran']);
  expect(await hookRuns()).toBe(2);
});

test('a sub-agent created on its page is validated, saved with its file, and listed to Claude on the next message', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-claude-code').click();
  const section = page.getByTestId('claude-code-setup');
  await section.getByTestId('setup-page-agents').click();
  await section.getByRole('button', { name: 'New sub-agent' }).click();
  const form = section.getByRole('form', { name: 'Sub-agent' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Test Runner');
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Runs the tests after a change.');
  await form.getByRole('textbox', { name: 'Tools', exact: true }).fill('Bash, Read');
  await form.getByRole('textbox', { name: /Instructions/ }).fill('Run npm test and report failures.');
  await form.getByRole('button', { name: 'Save agent' }).click();
  // Validated before anything is written: the name is not one Claude Code takes.
  await expect(form.getByRole('alert')).toContainText('lowercase letters, digits and hyphens');
  await checkPage(page, 'setup-agent-form');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('test-runner');
  await form.getByRole('button', { name: 'Save agent' }).click();
  await expect(section.getByRole('status')).toContainText('Available from the next message');
  const file = path.join(cli.home, '.claude/agents/test-runner.md');
  const card = section.getByTestId('setup-agent').filter({ hasText: 'test-runner' });
  await expect(card.getByTestId('setup-source')).toContainText(file);
  expect(await fs.readFile(file, 'utf8')).toContain('name: test-runner\ndescription: Runs the tests after a change.');

  await page.getByRole('button', { name: /Back to chat/ }).click();
  // Accept edits withholds sub-agents (the Agent tool) and with them the list; Ask offers them.
  await page.getByTestId('permission-select').selectOption('ask');
  await expect(page.getByTestId('permission-select')).toHaveValue('ask');
  const before = mock.requests.length;
  await sendAndAwaitAnswer(page, 'Hi', 30_000);
  // Recorded case 48: Claude Code lists the agents to the model in a system message of the request.
  const bodies = mock.requests.slice(before).map((r) => JSON.stringify(r.body));
  expect(bodies.some((b) => b.includes('- test-runner: Runs the tests after a change.'))).toBe(true);
});

test('# in the composer remembers a note in the CLAUDE.md picked, instead of sending it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  // A thread is made by its first message; from then on its project's files are offered.
  await sendInOpenThread(page, 'Hi');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  const before = mock.requests.length;
  await sendInOpenThread(page, '# Use pnpm, not npm');
  const panel = page.getByTestId('remember-panel');
  await expect(panel.getByRole('radio', { name: /This project/ }).first()).toBeChecked();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expectNoAxeViolations(page, `the remember card (${theme})`, { include: '[data-testid="remember-panel"]' });
    if (!SHOTS) continue;
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: path.join(SHOTS, `remember-panel-${w}x${h}-${theme}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await panel.getByRole('button', { name: 'Remember' }).click();
  await expect(panel).toBeHidden();
  const file = path.join(dataDir, 'workspace', 'CLAUDE.md');
  expect(await fs.readFile(file, 'utf8')).toBe('# Project\n\nUse the project style.\n- Use pnpm, not npm\n');
  expect(mock.requests.length).toBe(before); // nothing was sent to Claude
});

test('a malformed settings file is shown with its parse error, offered to no edit, and never written', async ({
  page,
}) => {
  const file = path.join(dataDir, 'workspace', '.claude', 'settings.json');
  const broken = '{ "permissions": { "deny": ["Edit(a.md)", ] }';
  await put(file, broken);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByTestId('thread-item').first().click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-claude-code').click();
  const section = page.getByTestId('claude-code-setup');
  const project = section.getByTestId('rules-project');
  await expect(project.getByRole('alert')).toContainText('will not write to it. It is not valid JSON');
  await expect(section.getByRole('combobox', { name: 'File', exact: true }).locator('option')).not.toContainText([
    file,
  ]);
  await checkPage(page, 'setup-permissions-malformed');
  expect(await fs.readFile(file, 'utf8')).toBe(broken);
});
