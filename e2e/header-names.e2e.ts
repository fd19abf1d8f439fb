import fs from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import type { LogRecord } from '../src/core/store/thread-log';
import type { ThreadSettings } from '../src/shared/threads';
import { startDeskHostWithThreads, type DeskHost } from './desk-host';
import { expectNoAxeViolations } from './axe';

/**
 * The chat header with long and short project and branch names, at 1280×800 with the sidebar and 800×600 without,
 * in both themes: the project, the branch (and its base), the mode and the cost stay legible, what is cut has its
 * full text on hover and to a screen reader, and nothing leaves the header. Threads are written to the data dir; no
 * turn runs. SHOTS_DIR saves the screens.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'e2e/screenshots/header-names';
const LONG_PROJECT = '/home/me/code/payments-reconciliation-service-for-the-quarterly-audit';
const LONG_BRANCH = 'worktree-refactor-the-payment-reconciliation-job-before-the-audit';
const LONG_BASE = 'release/2026-q4-hotfixes-for-the-auditors';
let host: DeskHost;

function thread(id: string, title: string, settings: ThreadSettings): LogRecord[] {
  const at = Date.now();
  return [
    {
      op: 'meta',
      at,
      id,
      title,
      createdAt: at,
      settings,
      totals: { costUsd: 0.0843, inputTokens: 12_400, outputTokens: 3_100, durationMs: 40_000, turns: 3 },
    },
    { op: 'user', at, message: { id: 'u1', role: 'user', createdAt: at, text: 'Where do we start?' } },
    {
      op: 'assistant',
      at: at + 1,
      message: {
        id: 'a1',
        role: 'assistant',
        createdAt: at + 1,
        status: 'done',
        parts: [{ kind: 'text', text: 'Here.' }],
      },
    },
  ];
}

const worktree = (repo: string, branch: string, base: string) => ({
  name: branch.replace(/^worktree-/, ''),
  repo,
  path: `${repo}/.claude/worktrees/${branch.replace(/^worktree-/, '')}`,
  branch,
  base,
  state: 'ready' as const,
});

test.beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  host = await startDeskHostWithThreads('header-names', {
    't-long': thread('t-long', 'Reconcile the ledgers before the audit closes', {
      projectDir: LONG_PROJECT,
      model: 'claude-opus-4-1-20250805',
      worktree: worktree(LONG_PROJECT, LONG_BRANCH, LONG_BASE),
    }),
    't-short': thread('t-short', 'Fix a typo', {
      projectDir: '/home/me/app',
      worktree: worktree('/home/me/app', 'worktree-ab', 'main'),
    }),
  });
});
test.afterAll(async () => {
  await host?.stop();
});

/** How many characters of an element's text are on screen: its box's width over its text's, as rendered. */
async function shown(page: Page, testId: string): Promise<{ text: string; chars: number }> {
  return page.evaluate(`(() => {
    const el = document.querySelector('[data-testid="chat-header"] [data-testid="${testId}"]');
    if (!el) return { text: '', chars: 0 };
    const range = document.createRange();
    range.selectNodeContents(el);
    const full = range.getBoundingClientRect().width;
    // What is on screen of its box: clipped by every ancestor that hides overflow, up to the header.
    const box = el.getBoundingClientRect();
    let left = box.left;
    let right = box.right;
    for (let a = el; a; a = a.parentElement) {
      if (a === el || getComputedStyle(a).overflowX !== 'visible' || a.dataset.testid === 'chat-header') {
        const r = a.getBoundingClientRect();
        left = Math.max(left, r.left);
        right = Math.min(right, r.right);
      }
      if (a.dataset.testid === 'chat-header') break;
    }
    const visible = Math.max(0, Math.min(right - left, el.clientWidth || box.width));
    const text = el.textContent;
    return { text, chars: full === 0 ? 0 : Math.min(text.length, Math.floor((visible / full) * text.length)) };
  })()`);
}

/** A name is legible when all of it shows, or at least `min` characters of it. */
async function expectLegible(page: Page, testId: string, min: number, label: string): Promise<void> {
  const { text, chars } = await shown(page, testId);
  expect(text.length, `${label}: ${testId} is there`).toBeGreaterThan(0);
  expect(chars, `${label}: ${testId} shows "${text.slice(0, chars)}" of "${text}"`).toBeGreaterThanOrEqual(
    Math.min(text.length, min),
  );
}

for (const [id, name] of [
  ['t-long', 'Reconcile the ledgers'],
  ['t-short', 'Fix a typo'],
] as const) {
  test(`the header fits: project, branch, base, mode and cost legible (${id})`, async ({ page }) => {
    await page.goto(host.url);
    // The window's place is kept between visits: the other case may have left the sidebar hidden.
    const toggle = page.getByTestId('sidebar-toggle');
    // The last thread reopens first (its title in the header), then the sidebar's place is what it was left at.
    await expect(page.getByTestId('chat-title')).toHaveText(/\S/);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByTestId('thread-item').filter({ hasText: name }).click();
    const header = page.getByTestId('chat-header');
    await expect(header.getByTestId('worktree-branch')).toBeAttached();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const [w, h] of [
        [1280, 800],
        [800, 600],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        // 1280 with the sidebar, 800 without it.
        if ((await toggle.getAttribute('aria-expanded')) !== String(w === 1280)) await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', String(w === 1280));
        const label = `${id} ${theme} ${w}×${h}`;
        await page.screenshot({ path: `${SHOTS}/header-${id}-${theme}-${w}x${h}.png` });
        await expectLegible(page, 'chat-folder', 12, label);
        await expectLegible(page, 'worktree-branch', 12, label);
        await expectLegible(page, 'worktree-base', 8, label);
        await expectLegible(page, 'thread-cost', 5, label);
        await expect(header.getByTestId('permission-select')).toBeVisible();
        // The full names on hover and to a screen reader.
        const projectDir = id === 't-long' ? LONG_PROJECT : '/home/me/app';
        await expect(header.getByTestId('chat-folder')).toHaveAttribute('title', projectDir);
        await expect(header.getByTestId('worktree-chip')).toHaveAccessibleName(
          new RegExp(
            `on branch ${id === 't-long' ? LONG_BRANCH : 'worktree-ab'}, started from ${id === 't-long' ? LONG_BASE : 'main'}`,
          ),
        );
        await expect(header.getByTestId('thread-total')).toHaveAttribute('title', /This thread so far/);
        // Nothing of the header leaves it.
        const overflow = await page.evaluate(`(() => {
          const h = document.querySelector('[data-testid="chat-header"]');
          return h.scrollWidth - h.clientWidth;
        })()`);
        expect(overflow, label).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, `header ${label}`, { include: '[data-testid=chat-header]' });
      }
    }
  });
}
