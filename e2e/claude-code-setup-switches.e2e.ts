import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { sendAndAwaitAnswer } from './agent-support';
import { checkPage, put } from './claude-code-setup-support';
import { startDeskHost, type DeskHost } from './desk-host';

/**
 * Settings → Claude Code's switches, in browser mode with the real CLI against the mock (recorded case 53): a skill
 * turned off and an output style picked reach the next turn's request; a deleted sub-agent is gone from it; the
 * CLAUDE.md of the folder above the project is listed before the project's, and each file says whether the thread's
 * session loaded it (the CLI's own get_context_usage report).
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
let dataDir: string;
let workspace: string;
const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nSteps.\n`;

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  const home = cli.home;
  await put(path.join(home, '.claude/skills/release-notes/SKILL.md'), skill('release-notes', 'Drafts release notes.'));
  await put(path.join(home, '.claude/skills/deploy-check/SKILL.md'), skill('deploy-check', 'Checks a deploy.'));
  await put(
    path.join(home, '.claude/agents/code-reviewer.md'),
    '---\nname: code-reviewer\ndescription: Reviews a diff for bugs.\ntools: Read, Grep\n---\nReview the change.\n',
  );
  await put(
    path.join(home, '.claude/output-styles/terse.md'),
    '---\nname: Terse\ndescription: Short answers.\n---\nAnswer in as few words as possible.\n',
  );
  dataDir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-switches-')));
  // The default workspace is a new thread's project; the data dir is the folder above it.
  workspace = path.join(dataDir, 'workspace');
  await put(path.join(dataDir, 'CLAUDE.md'), 'MARKER-ABOVE: from the folder above the project.\n');
  await put(path.join(workspace, 'CLAUDE.md'), 'MARKER-PROJECT: from the project.\n');
  host = await startDeskHost({ dataDir, env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

/** A new thread in Ask mode: Accept edits keeps the Agent tool, and with it the agents' list, from Claude. */
async function newThreadInAsk(page: Page): Promise<void> {
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('assistant-message')).toHaveCount(0);
  await page.getByTestId('permission-select').selectOption('ask');
  await expect(page.getByTestId('permission-select')).toHaveValue('ask');
}

/** A new thread in Ask mode, after its first message. */
async function threadAfterHi(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await newThreadInAsk(page);
  await sendAndAwaitAnswer(page, 'Hi', 45_000);
}

async function openPage(page: Page, id: string) {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-claude-code').click();
  const section = page.getByTestId('claude-code-setup');
  await section.getByTestId(`setup-page-${id}`).click();
  return section;
}

/** What Claude Code sent to the API since `from`, as text. */
const sentSince = (from: number) => mock.requests.slice(from).map((r) => JSON.stringify(r.body));

test('a skill switched off and an output style picked are written to the file picked and reach the next turn', async ({
  page,
}) => {
  let from = mock.requests.length;
  await threadAfterHi(page);
  expect(sentSince(from).some((b) => b.includes('- release-notes: Drafts release notes.'))).toBe(true);

  const section = await openPage(page, 'skills');
  const local = path.join(workspace, '.claude/settings.local.json');
  await expect(section.getByLabel('Save changes in')).toHaveValue('local');
  const releaseNotes = section.getByRole('region', { name: 'Skill release-notes' });
  await releaseNotes.getByRole('switch', { name: 'On' }).click();
  await expect(section.getByRole('status')).toContainText('Saved. Takes effect on the next message');
  await expect(releaseNotes.getByRole('switch', { name: 'On' })).not.toBeChecked();
  await expect(releaseNotes).toContainText(`Turned off in ${local}.`);
  expect(await fs.readFile(local, 'utf8')).toBe('{\n  "skillOverrides": {\n    "release-notes": "off"\n  }\n}\n');

  const style = section.getByRole('combobox', { name: 'Output style' });
  await style.selectOption('Explanatory');
  await expect(section.getByTestId('setup-style-picker')).toContainText(`In use, set in ${local}.`);
  expect(JSON.parse(await fs.readFile(local, 'utf8'))).toEqual({
    skillOverrides: { 'release-notes': 'off' },
    outputStyle: 'Explanatory',
  });
  await checkPage(page, 'setup-skills-switches');
  await checkPage(page, 'setup-style-picker', undefined, section.getByTestId('setup-style-picker'));

  await page.getByRole('button', { name: /Back to chat/ }).click();
  from = mock.requests.length;
  await sendAndAwaitAnswer(page, 'Hi again', 45_000);
  // The same thread: its history keeps the listing it was first given (Claude Code sends no removal for skills),
  // the style comes as a new system message, and a call of the skill is refused.
  expect(sentSince(from).some((b) => b.includes('# Output Style: Explanatory'))).toBe(true);
  from = mock.requests.length;
  await sendAndAwaitAnswer(
    page,
    `SCENARIO:steps ${JSON.stringify([{ name: 'Skill', input: { skill: 'release-notes' } }])}`,
    45_000,
  );
  expect(sentSince(from).join()).toContain(
    'Skill release-notes is disabled for model invocation in skillOverrides settings',
  );
  // A new thread is not told of it at all (recorded case 53).
  from = mock.requests.length;
  await newThreadInAsk(page);
  await sendAndAwaitAnswer(page, 'Hi', 45_000);
  const fresh = sentSince(from);
  expect(fresh.some((b) => b.includes('- deploy-check: Checks a deploy.'))).toBe(true);
  expect(fresh.some((b) => b.includes('- release-notes:'))).toBe(false);
  expect(fresh.some((b) => b.includes('# Output Style: Explanatory'))).toBe(true);

  // On again: the entry leaves the file; the style stays.
  const again = await openPage(page, 'skills');
  await again.getByRole('region', { name: 'Skill release-notes' }).getByRole('switch', { name: 'On' }).click();
  await expect(again.getByRole('region', { name: 'Skill release-notes' }).getByRole('switch')).toBeChecked();
  expect(JSON.parse(await fs.readFile(local, 'utf8'))).toEqual({ outputStyle: 'Explanatory' });
});

test('a sub-agent deleted on its page, after a dialog naming its file, is no longer offered on the next turn', async ({
  page,
}) => {
  let from = mock.requests.length;
  await threadAfterHi(page);
  expect(sentSince(from).some((b) => b.includes('- code-reviewer: Reviews a diff for bugs.'))).toBe(true);

  const section = await openPage(page, 'agents');
  const file = path.join(cli.home, '.claude/agents/code-reviewer.md');
  await section.getByRole('button', { name: 'Delete code-reviewer' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete the sub-agent code-reviewer?' });
  await expect(dialog).toContainText(file);
  await checkPage(page, 'setup-agent-delete-dialog', '[data-testid="delete-agent-dialog"]');
  await dialog.getByRole('button', { name: 'Delete sub-agent' }).click();
  await expect(section.getByRole('region', { name: 'Sub-agent code-reviewer' })).toHaveCount(0);
  await expect(section.getByRole('status')).toContainText('Gone from the next message');
  await expect(fs.stat(file)).rejects.toThrow();

  await page.getByRole('button', { name: /Back to chat/ }).click();
  from = mock.requests.length;
  await sendAndAwaitAnswer(page, 'Hi again', 45_000);
  // The same thread is told, in a system message of the next request (the listing it had stays in its history).
  expect(sentSince(from).join()).toContain('The following agent types are no longer available:\\n- code-reviewer');
  // A new thread is not offered it at all.
  from = mock.requests.length;
  await newThreadInAsk(page);
  await sendAndAwaitAnswer(page, 'Hi', 45_000);
  const fresh = sentSince(from);
  expect(fresh.some((b) => b.includes('Available agent types for the Agent tool'))).toBe(true);
  expect(fresh.some((b) => b.includes('code-reviewer'))).toBe(false);
});

test('CLAUDE.md of the folder above is listed before the project’s, each marked loaded by the thread’s session or not yet', async ({
  page,
}) => {
  const from = mock.requests.length;
  await threadAfterHi(page);
  // Recorded case 53f: the folder above first, then the project's, in the first message's reminder.
  const first = sentSince(from).find((b) => b.includes('MARKER-PROJECT'))!;
  expect(first.indexOf('MARKER-ABOVE')).toBeGreaterThan(0);
  expect(first.indexOf('MARKER-ABOVE')).toBeLessThan(first.indexOf('MARKER-PROJECT'));

  const section = await openPage(page, 'instructions');
  const cards = section.getByTestId(/^instructions-/);
  await expect(cards.getByTestId('setup-source').locator('code')).toHaveText([
    path.join(cli.home, '.claude/CLAUDE.md'),
    path.join(dataDir, 'CLAUDE.md'),
    path.join(workspace, 'CLAUDE.md'),
    path.join(workspace, 'CLAUDE.local.md'),
  ]);
  const above = section.getByTestId('instructions-parent');
  await expect(above.getByTestId('setup-source')).toContainText('A folder above the project');
  await expect(above.getByTestId('load-state')).toHaveText('Loaded in this thread’s session');
  await expect(section.getByTestId('instructions-project').getByTestId('load-state')).toHaveText(
    'Loaded in this thread’s session',
  );

  // A new CLAUDE.local.md: not loaded yet; the next message's session reads it.
  const local = section.getByTestId('instructions-local');
  await local.getByRole('button', { name: 'Create' }).click();
  await local.getByRole('textbox').fill('MARKER-LOCAL: only mine.\n');
  await local.getByRole('button', { name: 'Save' }).click();
  await expect(local.getByTestId('load-state')).toHaveText('Loads on the next message');
  // The project's, changed after the session loaded it: it holds the older text until the next message.
  const project = section.getByTestId('instructions-project');
  await project.getByRole('button', { name: 'Edit' }).click();
  await project.getByRole('textbox').fill('MARKER-PROJECT-2: changed on the page.\n');
  await project.getByRole('button', { name: 'Save' }).click();
  await expect(project.getByTestId('load-state')).toHaveText(
    'Changed since this thread’s session loaded it: the new text loads on the next message',
  );
  await checkPage(page, 'setup-instructions-loaded');

  await page.getByRole('button', { name: /Back to chat/ }).click();
  const before = mock.requests.length;
  await sendAndAwaitAnswer(page, 'Hi again', 45_000);
  expect(sentSince(before).some((b) => b.includes('MARKER-LOCAL'))).toBe(true);
  expect(sentSince(before).some((b) => b.includes('MARKER-PROJECT-2'))).toBe(true);
  const after = await openPage(page, 'instructions');
  for (const kind of ['local', 'project'])
    await expect(after.getByTestId(`instructions-${kind}`).getByTestId('load-state')).toHaveText(
      'Loaded in this thread’s session',
    );
});
