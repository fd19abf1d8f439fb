import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import type { DeskHost } from './desk-host';
import { expectNoJsonInCards } from './card-text';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { useDeskSuite } from './desk-suite';

/** Plan mode end to end with the real CLI: the fourth mode, the plan card, Approve switching the mode. */
let host: DeskHost;

useDeskSuite((suite) => void ({ host } = suite), { env: { CLAUDE_DESK_PERMISSION_MODE: undefined } });

test('a plan card shows the plan; Approve and start switches to Accept edits and the next turn runs with it', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('permission-select').selectOption('plan');
  await expect(page.getByTestId('permission-select')).toHaveValue('plan');
  const steps = [
    { name: 'ToolSearch', input: { query: 'select:ExitPlanMode', max_results: 1 } },
    { name: 'ExitPlanMode', input: { plan: '# Plan\n\n1. Read `notes.txt`\n2. Write **summary.md**\n' } },
  ];
  await page.getByLabel('Message').fill(`SCENARIO:steps ${JSON.stringify(steps)}`);
  await page.keyboard.press('Enter');
  const card = page.getByTestId('plan-card');
  await expect(card.getByRole('heading', { name: 'Plan' })).toBeVisible();
  await expect(card.locator('strong', { hasText: 'summary.md' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'plan card');
  if (process.env['SHOTS']) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of [
        { width: 1280, height: 800 },
        { width: 800, height: 600 },
      ]) {
        await page.setViewportSize(size);
        await page.screenshot({ path: path.join(process.env['SHOTS'], `plan-card-${scheme}-${size.width}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await card.getByRole('button', { name: 'Approve and start (Accept edits)' }).click();
  await expect(page.getByTestId('permission-select')).toHaveValue('acceptEdits');
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(answer).toContainText('User has approved exiting plan mode');
  await expectNoJsonInCards(page);

  // The next turn runs in Accept edits: a Write goes through without asking (plan mode would refuse it).
  const answers = await page.getByTestId('assistant-message').count();
  await page.getByLabel('Message').fill('SCENARIO:write FILE:summary.md go');
  await page.keyboard.press('Enter');
  // Wait for the new answer, not the previous one (which is already done).
  await expect(page.getByTestId('assistant-message')).toHaveCount(answers + 1);
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('approval-card')).toHaveCount(0);
  await fs.access(path.join(host.dataDir, 'workspace', 'summary.md'));
});
