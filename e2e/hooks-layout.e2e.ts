import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { put } from './claude-code-setup-support';
import { expectNoAxeViolations } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';

/**
 * Settings → Claude Code → Hooks with hooks of different events, matchers, commands and a timeout: each entry's
 * switch, name, command and Remove sit in the same columns as every other's, at 1280×800 and 800×600 in both
 * themes. No turn runs. SHOTS_DIR saves the screens.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'e2e/screenshots/hooks-layout';
let cli: RealCliEnv;
let host: DeskHost;

test.beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  cli = realCliEnv({ url: 'http://127.0.0.1:9' });
  const hook = (command: string, timeout?: number) => ({
    hooks: [{ type: 'command', command, ...(timeout ? { timeout } : {}) }],
  });
  await put(
    path.join(cli.home, '.claude/settings.json'),
    JSON.stringify(
      {
        hooks: {
          UserPromptSubmit: [hook('{ cat; echo; } >> "$HOME/hook-ran.log"')],
          PreToolUse: [
            { matcher: 'Write', ...hook('echo "notes.md is frozen by the team policy" >&2; exit 2', 10) },
            { matcher: 'Bash', ...hook('./scripts/check-command.sh') },
          ],
          Stop: [hook('notify-send "Claude is done"')],
        },
      },
      null,
      2,
    ),
  );
  host = await startDeskHost({ env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
});
test.afterAll(async () => {
  await host?.stop();
  cli?.cleanup();
});

/** The left edge of each row's command and the right edge of each row's Remove, rounded to whole pixels. */
async function columns(page: Page): Promise<{ command: number[]; remove: number[]; name: number[] }> {
  const rows = page.getByTestId('hooks-user').getByTestId('setup-hook');
  const n = await rows.count();
  const out = { command: [] as number[], remove: [] as number[], name: [] as number[] };
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    out.command.push(Math.round((await row.locator('code').first().boundingBox())!.x));
    out.name.push(Math.round((await row.locator('.setup-hook-event').boundingBox())!.x));
    const remove = (await row.getByRole('button', { name: /^Remove/ }).boundingBox())!;
    out.remove.push(Math.round(remove.x + remove.width));
  }
  return out;
}

test('the Hooks page lays its entries out in even columns', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-claude-code').click();
  const section = page.getByTestId('claude-code-setup');
  await section.getByTestId('setup-page-hooks').click();
  await expect(page.getByTestId('hooks-user').getByTestId('setup-hook')).toHaveCount(4);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    for (const [w, h] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByTestId('hooks-user').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/hooks-${theme}-${w}x${h}.png` });
      const at = await columns(page);
      const label = `${theme} ${w}×${h}`;
      expect(new Set(at.name).size, `${label}: names start in one column ${at.name.join(',')}`).toBe(1);
      expect(new Set(at.command).size, `${label}: commands start in one column ${at.command.join(',')}`).toBe(1);
      expect(new Set(at.remove).size, `${label}: Remove ends in one column ${at.remove.join(',')}`).toBe(1);
      await expectNoAxeViolations(page, `Hooks page ${label}`, { include: '[data-testid="claude-code-setup"]' });
    }
  }
});
