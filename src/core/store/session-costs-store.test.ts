import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionCostsStore } from './session-costs-store';

const U1 = '7f1c2a4e-3b5d-4c6e-9f8a-1b2c3d4e5f60';

describe('SessionCostsStore', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'session-costs-'));
    file = path.join(dir, 'state', 'claude-code-session-costs.json');
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('remembers each session’s last running total across restarts, in a private file', async () => {
    await new SessionCostsStore(file).setLastCost(U1, 0.00028);
    expect(await new SessionCostsStore(file).lastCost(U1)).toBe(0.00028);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('ignores what is not a session uuid or a cost, and a fresh session has no figure', async () => {
    const store = new SessionCostsStore(file);
    await store.setLastCost('../x', 1);
    await store.setLastCost(U1, Number.NaN);
    expect(await store.lastCost(U1)).toBeUndefined();
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify({ [U1]: 'lots', other: 3 }));
    expect(await new SessionCostsStore(file).lastCost(U1)).toBeUndefined();
  });
});
