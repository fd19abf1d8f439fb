import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateVapidKeys } from './vapid-keys';

describe('VAPID keys', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vapid-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('are made once, kept 0600, and the same on the next start', async () => {
    const file = path.join(dir, 'state', 'push-vapid.json');
    const first = await loadOrCreateVapidKeys(file);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateVapidKeys(file)).toEqual(first);
    expect((await fs.readdir(path.dirname(file))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('two starts at once agree on one pair', async () => {
    const file = path.join(dir, 'push-vapid.json');
    const pairs = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateVapidKeys(file)));
    for (const p of pairs) expect(p).toEqual(pairs[0]);
  });

  it('an unreadable file is set aside with a warning and a new pair made', async () => {
    const file = path.join(dir, 'push-vapid.json');
    await fs.writeFile(file, '{"publicKey":"nope"}');
    const warnings: string[] = [];
    const keys = await loadOrCreateVapidKeys(file, (m) => warnings.push(m));
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect(warnings).toEqual([expect.stringMatching(/made anew/)]);
    expect((await fs.readdir(dir)).some((f) => f.startsWith('push-vapid.json.corrupt-'))).toBe(true);
  });
});
