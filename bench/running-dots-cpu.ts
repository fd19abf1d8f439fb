/**
 * What the running dots cost (ui/pulse-dot.tsx): Chromium's CPU (every process of it, bench/proc-cpu.ts) over three
 * 5 s windows while a turn runs — its turn line's dot and the sidebar's shown — with the window focused, then blurred,
 * then with no turn running. Browser mode of the built app (`npm run build` first), the real CLI against the mock API
 * holding its answer open. Run on demand: `npx tsx bench/running-dots-cpu.ts` (Linux; elsewhere the figures are NaN).
 */
import { chromium } from 'playwright-core';
import { startMockAnthropicApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { startDeskHost } from '../e2e/desk-host';
import { cpuMs, processTree } from './proc-cpu';

const mock = await startMockAnthropicApi();
mock.setResponder(() => ({ kind: 'hang' }));
const cli = realCliEnv(mock);
const host = await startDeskHost({ env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium' });
const browser = await chromium.connect(server.wsEndpoint());
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const root = server.process().pid!;
const measure = async (label: string) => {
  await page.waitForTimeout(1000);
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const a = cpuMs(processTree(root));
    const t0 = Date.now();
    await page.waitForTimeout(5000);
    runs.push((cpuMs(processTree(root)) - a) / ((Date.now() - t0) / 1000));
  }
  console.log(label.padEnd(40), runs.map((r) => r.toFixed(1)).join('  '), 'ms/s');
};
await page.goto(host.url);
const box = page.getByRole('textbox', { name: 'Message' });
await box.fill('Hold on');
await box.press('Enter');
await page.locator('[data-testid=turn-running] .pulse').waitFor();
await page.getByTestId('thread-running').waitFor();
await measure('running turn, window focused');
await page.evaluate('window.dispatchEvent(new Event("blur"))');
await measure('running turn, window blurred');
await page.evaluate('window.dispatchEvent(new Event("focus"))');
await page.getByRole('button', { name: /Stop/ }).first().click();
await page.getByTestId('thread-running').waitFor({ state: 'detached' });
await measure('no turn running (no dots)');
await browser.close();
await server.close();
await host.stop();
await mock.close();
cli.cleanup();
