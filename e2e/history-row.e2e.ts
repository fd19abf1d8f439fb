import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect, type Locator } from '@playwright/test';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolations } from './axe';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { syntheticSession } from '../test/fixtures/synthetic-sessions';

/**
 * A History row's time stays in sight beside its pin button on hover and on focus (it was hidden under it), with a
 * long and a short title, at 1280×800 and 800×600 in both themes. Sessions are written as the CLI writes them; no
 * turn runs. SHOTS_DIR saves the screens.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'e2e/screenshots/history-row';
let cli: RealCliEnv;
let host: DeskHost;

test.beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  cli = realCliEnv({ url: 'http://127.0.0.1:9' });
  const sessions = [
    [
      '3c1d2e4f-0000-4000-8000-0000000000a1',
      '/home/me/payments-reconciliation-service',
      'Reconcile the payment ledgers before the quarterly audit closes',
    ],
    ['3c1d2e4f-0000-4000-8000-0000000000a2', '/home/me/app', 'Fix a typo'],
  ] as const;
  for (const [id, cwd, title] of sessions) {
    const dir = path.join(cli.home, '.claude', 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, `${id}.jsonl`),
      syntheticSession({ sessionId: id, cwd, turns: 2, title, startAt: Date.now() - 3 * 3600_000 }),
    );
  }
  host = await startDeskHost({ env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
});
test.afterAll(async () => {
  await host?.stop();
  cli?.cleanup();
});

/** The row's time is visible and clear of its pin button. */
async function expectTimeBesidePin(row: Locator, label: string): Promise<void> {
  const time = row.locator('.thread-time').first();
  await expect(time, label).toBeVisible();
  const pin = row.getByRole('button', { name: /^(Pin|Unpin) / });
  await expect(pin).toBeVisible();
  const t = (await time.boundingBox())!;
  const p = (await pin.boundingBox())!;
  expect(t.x + t.width, `${label}: the time ends before the pin starts`).toBeLessThanOrEqual(p.x);
  // Its text is all there, not cut.
  // This project has no DOM types: the two widths are read by name.
  const fits = await time.evaluate((el) => {
    const box = el as unknown as { scrollWidth: number; clientWidth: number };
    return box.scrollWidth <= box.clientWidth;
  });
  expect(fits, `${label}: the time is not cut`).toBe(true);
}

test("a History row's time stays beside the pin button on hover and focus", async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('tab-history').click();
  const rows = page.getByTestId('history-item');
  await expect(rows).toHaveCount(2);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    for (const [w, h] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      const toggle = page.getByTestId('sidebar-toggle');
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      for (const [i, name] of [
        [0, 'long'],
        [1, 'short'],
      ] as const) {
        const row = rows.nth(i);
        await row.hover();
        await expectTimeBesidePin(row, `${name} title, hover, ${theme} ${w}×${h}`);
        if (i === 0) await page.screenshot({ path: `${SHOTS}/history-row-hover-${theme}-${w}x${h}.png` });
        await page.mouse.move(w - 10, h - 10);
        await row.locator('.thread-open').focus();
        await expectTimeBesidePin(row, `${name} title, focus, ${theme} ${w}×${h}`);
      }
      await expectNoAxeViolations(page, `History rows ${theme} ${w}×${h}`, { include: '#thread-sidebar' });
    }
  }
});
