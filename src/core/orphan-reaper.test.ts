import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reapedSweeper, startOrphanReaper, type OrphanReaper } from './orphan-reaper';
import { createProcessSweeper, PROCESS_TAG_ENV } from './process-sweep';
import { processAlive } from './process-group';

/** A process carrying `tag` in its environment, as every CLI the app spawns does, and what it starts. */
function tagged(tag: string) {
  const child = spawn('sleep', ['300'], { env: { PATH: process.env.PATH, [PROCESS_TAG_ENV]: tag }, stdio: 'ignore' });
  return child;
}

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('reapedSweeper', () => {
  it('starts the watchdog at the first tag, once, before that tag is handed out, and closes it', () => {
    const started: string[] = [];
    let closed = 0;
    let firstTags = 0;
    const base = createProcessSweeper(() => []);
    const sweeper = reapedSweeper(
      base,
      () => firstTags++,
      (owner): OrphanReaper => {
        started.push(owner);
        return { pid: 4242, close: () => closed++ };
      },
    );
    sweeper.close(); // nothing started yet: nothing to close
    expect(started).toEqual([]);
    expect(sweeper.reaperPid).toBeUndefined();

    expect(sweeper.newTag()).toBe(`${base.owner}.1`);
    expect(sweeper.newTag()).toBe(`${base.owner}.2`);
    expect(started).toEqual([base.owner]);
    expect(firstTags).toBe(1);
    expect(sweeper.reaperPid).toBe(4242);
    sweeper.close();
    expect(closed).toBe(1);
  });
});

describe.runIf(process.platform === 'linux')('the orphan reaper (a shell script)', () => {
  it('when the app dies without a goodbye it kills what carries the app’s tag, and only that', async () => {
    const owner = `${process.pid}-reapertest${Date.now()}`;
    const mine = tagged(`${owner}.1`);
    const other = tagged(`${owner}x.1`); // another owner whose name starts the same
    const reaper = startOrphanReaper(owner);
    try {
      expect(reaper.pid).toBeGreaterThan(0);
      // A watch of a few MB, not a second Node runtime.
      const status = fs.readFileSync(`/proc/${reaper.pid}/status`, 'utf8');
      expect(/^Name:\s+(\S+)/m.exec(status)?.[1]).not.toMatch(/node/);
      expect(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1])).toBeLessThan(8 * 1024);
      // The app's end of the pipe closes as it would when the app is SIGKILLed: the reaper sweeps and leaves.
      reaper.abandon!();
      await until(() => !processAlive(mine.pid!), 'the tagged process to be killed');
      await until(() => !processAlive(reaper.pid!), 'the reaper to leave');
      expect(processAlive(other.pid!)).toBe(true);
    } finally {
      mine.kill('SIGKILL');
      other.kill('SIGKILL');
    }
  });

  it('then removes the dead app’s turn scratch dirs (they hold the MCP token), not another instance’s', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reaper-scratch-'));
    const mineDir = path.join(tmp, 'claude-desk-turn-4242-abc');
    const otherDir = path.join(tmp, 'claude-desk-turn-42420-def'); // another pid that starts the same
    for (const d of [mineDir, otherDir]) {
      fs.mkdirSync(d);
      fs.writeFileSync(path.join(d, 'mcp-config.json'), '{"token":"secret"}', { mode: 0o600 });
    }
    const reaper = startOrphanReaper(`${process.pid}-scratch${Date.now()}`, {
      dir: tmp,
      prefix: 'claude-desk-turn-4242-',
    });
    try {
      reaper.abandon!();
      await until(() => !fs.existsSync(mineDir), 'the dead app’s scratch dir to go');
      await until(() => !processAlive(reaper.pid!), 'the reaper to leave');
      expect(fs.existsSync(otherDir)).toBe(true);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('after a goodbye (a normal shutdown) it leaves without sweeping', async () => {
    const owner = `${process.pid}-reaperbye${Date.now()}`;
    const mine = tagged(`${owner}.1`);
    const reaper = startOrphanReaper(owner);
    try {
      reaper.close();
      await until(() => !processAlive(reaper.pid!), 'the reaper to leave');
      expect(processAlive(mine.pid!)).toBe(true);
    } finally {
      mine.kill('SIGKILL');
    }
  });
});
