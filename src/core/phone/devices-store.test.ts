import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webcrypto } from 'node:crypto';
import { DevicesStore, FORGET_UNUSED_MS, RENEW_AFTER_MS } from './devices-store';
import { asDevicePublicKey } from './device-keys';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function publicKey() {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  return asDevicePublicKey(await webcrypto.subtle.exportKey('jwk', pair.publicKey))!;
}

describe('the devices store', () => {
  it('keeps public keys only, in a 0600 file, and reads them back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-devices-'));
    dirs.push(dir);
    const file = path.join(dir, 'phone', 'devices.json');
    const store = new DevicesStore(file);
    await store.load();
    const d = await store.add({ name: 'Pixel', route: 'lan', address: '192.168.1.30', publicKey: await publicKey() });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/"d"\s*:/);
    const again = new DevicesStore(file);
    await again.load();
    expect(again.list().map((x) => x.name)).toEqual(['Pixel']);
    expect(again.usable(d.id)?.publicKey).toEqual(d.publicKey);
    expect(await again.remove(d.id)).toBe(true);
    expect(again.usable(d.id)).toBeUndefined();
  });

  it('forgets a device unused for 30 days and refuses one past its 180-day renewal', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-devices-'));
    dirs.push(dir);
    let now = 0;
    const store = new DevicesStore(path.join(dir, 'devices.json'), () => now);
    await store.load();
    const a = await store.add({ name: 'a', route: 'lan', address: 'x', publicKey: await publicKey() });
    now += FORGET_UNUSED_MS + 1;
    expect(store.usable(a.id)).toBeUndefined();
    expect(store.list()).toEqual([]);
    const b = await store.add({ name: 'b', route: 'lan', address: 'x', publicKey: await publicKey() });
    for (let t = 0; t < RENEW_AFTER_MS; t += FORGET_UNUSED_MS / 2) {
      now += FORGET_UNUSED_MS / 2;
      await store.seen(b.id, 'x');
    }
    expect(store.list()[0]?.renewBy).toBe(b.pairedAt + RENEW_AFTER_MS);
    now += 1;
    expect(store.usable(b.id)).toBeUndefined();
  });
});
