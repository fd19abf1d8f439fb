import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlanWindowsStore } from './plan-windows-store';

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plan-windows-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const event = {
  status: 'allowed_warning',
  rateLimitType: 'five_hour',
  resetsAt: 1_800_000_000,
  unifiedWindows: {
    five_hour: { utilization: 0.82, resetsAt: 1_800_000_000, status: 'allowed_warning' },
    seven_day: { utilization: 0.4, resetsAt: 1_800_400_000, status: 'allowed' },
  },
};

describe('the plan windows kept across restarts', () => {
  it('reads back, in a new process, the windows the last turn reported and when, from a private file', async () => {
    const at = 1_799_990_000_000; // an injected clock: no test reads the real one
    await new PlanWindowsStore(dir, () => at).see(event);
    const file = path.join(dir, 'usage', 'plan-windows.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = await new PlanWindowsStore(dir).read();
    expect(again).toEqual({
      seenAt: at,
      info: expect.objectContaining({
        status: 'allowed_warning',
        type: 'five_hour',
        windows: {
          five_hour: { utilization: 0.82, resetsAt: 1_800_000_000_000, status: 'allowed_warning' },
          seven_day: { utilization: 0.4, resetsAt: 1_800_400_000_000, status: 'allowed' },
        },
      }),
    });
  });

  it('keeps the newest of several reports, and reads none from a file of another shape', async () => {
    let at = 1000;
    const store = new PlanWindowsStore(dir, () => at);
    await store.see(event);
    at = 2000;
    await store.see({ ...event, status: 'rejected' });
    await store.see({ status: 'no such status' }); // not a report: ignored
    expect((await new PlanWindowsStore(dir).read())?.info.status).toBe('rejected');
    expect((await new PlanWindowsStore(dir).read())?.seenAt).toBe(2000);
    fs.writeFileSync(path.join(dir, 'usage', 'plan-windows.json'), JSON.stringify({ info: 'x', seenAt: 'y' }));
    expect(await new PlanWindowsStore(dir).read()).toBeUndefined();
  });
});
