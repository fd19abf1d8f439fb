import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive browser mode in Debian's Chromium (never `npx playwright install`: no downloads here).
 * CHROMIUM_PATH overrides the executable for other machines.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  // Bounds on waiting for what a user would see, not speed checks. A real-CLI turn's first answer took over 20 s on a
  // shared 2-core runner at load 20 (the CLI's cold start), so a state may take up to 45 s, a test up to 3 minutes.
  timeout: 180_000,
  expect: { timeout: 45_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
    trace: 'off',
  },
});
