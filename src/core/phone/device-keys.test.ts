import { describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { deviceKey } from '../../../test/fixtures/device-key';
import { Nonces, NONCE_TTL_MS, asDevicePublicKey, verifyDeviceSignature } from './device-keys';

describe('device keys', () => {
  const origin = 'https://192.168.1.20:47831';

  it('a non-extractable key signs the nonce and the computer verifies it with the public key alone', async () => {
    const d = await deviceKey();
    await expect(webcrypto.subtle.exportKey('jwk', d.pair.privateKey)).rejects.toThrow();
    const key = asDevicePublicKey(d.jwk);
    expect(key).toBeDefined();
    const nonces = new Nonces();
    const nonce = nonces.issue();
    expect(verifyDeviceSignature(key!, origin, nonce, await d.sign(origin, nonce))).toBe(true);
  });

  it('a key from another profile (another key pair) is refused for the device', async () => {
    const device = await deviceKey();
    const other = await deviceKey();
    const nonce = new Nonces().issue();
    expect(verifyDeviceSignature(asDevicePublicKey(device.jwk)!, origin, nonce, await other.sign(origin, nonce))).toBe(
      false,
    );
  });

  it('a signature made for another origin or nonce is worth nothing', async () => {
    const d = await deviceKey();
    const key = asDevicePublicKey(d.jwk)!;
    const nonce = new Nonces().issue();
    const sig = await d.sign('https://192.168.1.20:1', nonce);
    expect(verifyDeviceSignature(key, origin, nonce, sig)).toBe(false);
    expect(verifyDeviceSignature(key, origin, 'another', await d.sign(origin, nonce))).toBe(false);
    expect(verifyDeviceSignature(key, origin, nonce, 'not a signature')).toBe(false);
  });

  it('a nonce is good once (a replayed auth frame is refused) and not after 30 seconds', () => {
    let now = 0;
    const nonces = new Nonces(() => now);
    const n = nonces.issue();
    expect(nonces.consume(n)).toBe(true);
    expect(nonces.consume(n)).toBe(false);
    const late = nonces.issue();
    now += NONCE_TTL_MS;
    expect(nonces.consume(late)).toBe(false);
    expect(nonces.consume('never issued')).toBe(false);
  });

  it('keeps only an EC P-256 public JWK', async () => {
    const d = await deviceKey();
    expect(asDevicePublicKey({ ...d.jwk, d: 'x' })).toBeUndefined();
    expect(asDevicePublicKey({ ...d.jwk, crv: 'P-384' })).toBeUndefined();
    expect(asDevicePublicKey({ kty: 'EC', crv: 'P-256', x: 'A'.repeat(43), y: 'A'.repeat(43) })).toBeUndefined();
    expect(Object.keys(asDevicePublicKey({ ...d.jwk, ext: true, extra: 1 })!).sort()).toEqual(['crv', 'kty', 'x', 'y']);
  });
});
