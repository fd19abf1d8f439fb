import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { callHandler } from '../dispatch-call';
import { createStatusDesk } from './status-desk';

/** `claude-desk status` and `doctor`: the status calls over the foundation alone. */
describe('status desk', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers status and doctor through the contract, and opens none of the threads, turns or History', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-status-'));
    const missing = path.join(dataDir, 'no-such-claude');
    const desk = await createStatusDesk({
      host: 'command-line',
      env: { PATH: process.env.PATH, HOME: dataDir, CLAUDE_DESK_CLI: missing, CLAUDE_DESK_DATA_DIR: dataDir },
    });
    try {
      const overview = await callHandler(desk.handlers, 'getCliStatus', { force: true });
      expect(overview.cli.status).toBe('not_installed');
      const doctor = await callHandler(desk.handlers, 'getDoctor', undefined);
      expect(doctor.dataDir).toBe(dataDir);
      // The same validation as a window's call: a bad input is refused before any handler runs.
      await expect(callHandler(desk.handlers, 'getCliStatus', { force: 'yes' } as never)).rejects.toThrow(
        /Invalid input for getCliStatus/,
      );
    } finally {
      await desk.shutdown();
    }
    // Only the log was written: no thread folder, no record of running turns, no History index.
    expect(await fs.readdir(path.join(dataDir, 'state'))).toEqual(['logs']);
  });
});
