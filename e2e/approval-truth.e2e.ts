import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect, type Locator, type Page } from '@playwright/test';
import type { DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { useDeskSuite } from './desk-suite';

/**
 * What an approval card promises is what happens, with the real Claude Code CLI against the mock API in browser
 * mode: a Write over an existing file shows what it replaces (re-read when the file changes while the card
 * waits), an Edit whose text is gone says it will fail, and a shell command offers the scopes Claude Code's own
 * prompt offers, with the rule each writes — "always" lands in settings.local.json and the next same command
 * runs without asking.
 */
let host: DeskHost;
/** Screenshots for a person to look at, outside the repository (CLAUDE_DESK_SHOTS), both themes. */
const SHOTS = process.env.CLAUDE_DESK_SHOTS;

useDeskSuite((suite) => void ({ host } = suite), { env: { CLAUDE_DESK_PERMISSION_MODE: 'ask' } });

const workspace = () => path.join(host.dataDir, 'workspace');
const steps = (s: unknown[]) => `SCENARIO:steps ${JSON.stringify(s)}`;

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('new-thread').click();
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Message').press('Enter');
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Screenshots at the moment `check` passed — or failed, so the screen before a fix can be looked at too. */
async function shootAfter(page: Page, name: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } finally {
    await shoot(page, name);
  }
}

async function expectNoAxeViolations(page: Page, card: Locator): Promise<void> {
  await expect(card).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'approval card');
}

const README = ['# Project', '', 'One.', 'Two.', 'Three.', 'Four.', 'Five.', ''].join('\n');

test('a Write over an existing file shows the lines it removes; changed while the card waits, it is read again and refused', async ({
  page,
}) => {
  await fs.mkdir(workspace(), { recursive: true });
  await fs.writeFile(path.join(workspace(), 'README.md'), README);
  const next = README.replace('Three.', 'Three, rewritten.');
  await page.goto(host.url);
  await send(
    page,
    steps([
      { name: 'Read', input: { file_path: '$CWD/README.md' } },
      { name: 'Write', input: { file_path: '$CWD/README.md', content: next } },
    ]),
  );
  const card = page.getByTestId('approval-card');
  await expect(card).toHaveAttribute('data-outcome', 'waiting');
  await shootAfter(page, 'overwrite-card', () =>
    expect(card.getByTestId('approval-file-state')).toContainText('Overwrites an existing file', { timeout: 15_000 }),
  );
  const diff = card.getByTestId('diff-view');
  await expect(diff).toContainText('+1');
  await expect(diff).toContainText('−1');
  await expect(diff.locator('[data-kind="del"]').first()).toContainText('Three.');
  await expectNoAxeViolations(page, card);

  // Someone changes the file while the card waits: coming back to the window reads it again.
  await fs.writeFile(path.join(workspace(), 'README.md'), README.replace('One.', 'One, edited by hand.'));
  await page.evaluate("window.dispatchEvent(new Event('focus'))"); // a string: this project has no DOM types here
  await expect(diff).toContainText('−2');
  await expect(diff.locator('[data-kind="del"]').first()).toContainText('One, edited by hand.');
  await expect(card.getByTestId('approval-file-state')).toContainText('changed on disk');
  // What the card says is what happens: Claude Code refuses a file changed since Claude read it.
  await expect(card.getByTestId('approval-file-state')).toContainText('Claude Code will refuse this change');
  await shoot(page, 'overwrite-card-changed-on-disk');

  await card.getByRole('button', { name: /Allow once/ }).click();
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('assistant-message').last()).toContainText(
    'File content has changed since it was last read',
  );
  expect(await fs.readFile(path.join(workspace(), 'README.md'), 'utf8')).toContain('One, edited by hand.');
});

test('an Edit whose text is no longer in the file says it will fail instead of showing a diff', async ({ page }) => {
  await fs.mkdir(workspace(), { recursive: true });
  await fs.writeFile(path.join(workspace(), 'notes.txt'), 'alpha\nbeta\n');
  await page.goto(host.url);
  await send(
    page,
    steps([
      { name: 'Read', input: { file_path: '$CWD/notes.txt' } },
      { name: 'Edit', input: { file_path: '$CWD/notes.txt', old_string: 'beta\n', new_string: 'BETA\n' } },
    ]),
  );
  const card = page.getByTestId('approval-card');
  await expect(card.getByTestId('diff-view')).toContainText('BETA');
  // The text the edit replaces goes away while the card waits.
  await fs.writeFile(path.join(workspace(), 'notes.txt'), 'alpha\ngamma\n');
  await card.hover();
  await shootAfter(page, 'edit-will-fail-card', () =>
    expect(card.getByTestId('approval-file-state')).toContainText('will fail', { timeout: 15_000 }),
  );
  await expect(card.getByTestId('diff-view')).toHaveCount(0);
  await expectNoAxeViolations(page, card);
  await card.getByRole('button', { name: /^Deny/ }).click();
  await card.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
});

test('a shell command offers this session and always for this project, with the rule; always is kept', async ({
  page,
}) => {
  await page.goto(host.url);
  const ask = 'SCENARIO:bash CMD[touch always-allowed.txt] Please make the file';
  await send(page, ask);
  const card = page.getByTestId('approval-card');
  await expect(card).toHaveAttribute('data-outcome', 'waiting');
  await shootAfter(page, 'bash-scopes-card', () =>
    expect(card.getByRole('button', { name: /Allow for this session/ })).toBeVisible({ timeout: 15_000 }),
  );
  const always = card.getByRole('button', { name: /Always allow/ });
  await expect(always).toBeVisible();
  await expect(card.getByTestId('approval-rule')).toContainText('Bash(touch always-allowed.txt)');
  await expectNoAxeViolations(page, card);
  await always.click();
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  const local = JSON.parse(await fs.readFile(path.join(workspace(), '.claude', 'settings.local.json'), 'utf8')) as {
    permissions?: { allow?: string[] };
  };
  expect(local.permissions?.allow).toContain('Bash(touch always-allowed.txt)');

  // The next turn's same command runs without a card.
  await fs.rm(path.join(workspace(), 'always-allowed.txt'));
  await page.getByLabel('Message').fill(ask);
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('assistant-message').last().getByTestId('approval-card')).toHaveCount(0);
  await fs.access(path.join(workspace(), 'always-allowed.txt'));
});

test('an edited command shows what Claude proposed against what ran as a diff, never as JSON', async ({ page }) => {
  await page.goto(host.url);
  await send(page, 'SCENARIO:bash CMD[touch proposed-diff.txt] Please make the file');
  const card = page.getByTestId('approval-card');
  await card.getByRole('button', { name: /Edit command/ }).click();
  await card.getByRole('textbox', { name: /Command/ }).fill('touch edited-diff.txt');
  await card.getByRole('button', { name: /Allow once/ }).click();
  const tool = page.getByTestId('assistant-message').last().getByTestId('tool-card');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const proposed = tool.getByTestId('tool-proposed');
  await shootAfter(page, 'edited-command-tool-card', () =>
    expect(proposed.locator('[data-kind="del"]')).toContainText('touch proposed-diff.txt', { timeout: 15_000 }),
  );
  await expect(proposed.locator('[data-kind="add"]')).toContainText('touch edited-diff.txt');
  await expect(tool).not.toContainText('{"');
});

test('a file write allowed always writes Edit(<path>) to settings.local.json; the next write of it asks nothing', async ({
  page,
}) => {
  await fs.mkdir(workspace(), { recursive: true });
  await fs.writeFile(path.join(workspace(), 'kept.md'), 'first\n');
  const writeIt = (content: string) =>
    steps([
      { name: 'Read', input: { file_path: '$CWD/kept.md' } },
      { name: 'Write', input: { file_path: '$CWD/kept.md', content } },
    ]);
  await page.goto(host.url);
  await send(page, writeIt('second\n'));
  const card = page.getByTestId('approval-card');
  await expect(card.getByTestId('approval-rule')).toContainText('Edit(kept.md)');
  await card.getByRole('button', { name: /Always allow/ }).click();
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const local = JSON.parse(await fs.readFile(path.join(workspace(), '.claude', 'settings.local.json'), 'utf8')) as {
    permissions?: { allow?: string[] };
  };
  expect(local.permissions?.allow).toContain('Edit(kept.md)');

  await page.getByLabel('Message').fill(writeIt('third\n'));
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('assistant-message').last().getByTestId('approval-card')).toHaveCount(0);
  expect(await fs.readFile(path.join(workspace(), 'kept.md'), 'utf8')).toBe('third\n');
});

test('a command allowed for this session runs again in the same thread without a card, and nothing is saved', async ({
  page,
}) => {
  await page.goto(host.url);
  const ask = 'SCENARIO:bash CMD[touch session-allowed.txt] Please make the file';
  await send(page, ask);
  const card = page.getByTestId('approval-card');
  await card.getByRole('button', { name: /Allow for this session/ }).click();
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await fs.rm(path.join(workspace(), 'session-allowed.txt'));
  await page.getByLabel('Message').fill(ask);
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('assistant-message').last().getByTestId('approval-card')).toHaveCount(0);
  await fs.access(path.join(workspace(), 'session-allowed.txt'));
  const local = await fs.readFile(path.join(workspace(), '.claude', 'settings.local.json'), 'utf8').catch(() => '');
  expect(local).not.toContain('session-allowed');
});
