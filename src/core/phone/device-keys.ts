import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';

/**
 * A paired device proves itself on every connection by signing a fresh server nonce with its non-extractable
 * WebCrypto key (ECDSA P-256, SHA-256); the computer keeps public keys only. What is signed names the purpose and the
 * origin, so a signature made for one listener is worth nothing at another, and each nonce is good once.
 */

export const NONCE_TTL_MS = 30_000;

export interface DevicePublicKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

const B64URL_32 = /^[A-Za-z0-9_-]{43}$/;

/** A device's public key as it sent it, narrowed to exactly an EC P-256 JWK (nothing else is kept). */
export function asDevicePublicKey(v: unknown): DevicePublicKey | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const k = v as Record<string, unknown>;
  if (k.kty !== 'EC' || k.crv !== 'P-256') return undefined;
  if (typeof k.x !== 'string' || typeof k.y !== 'string' || !B64URL_32.test(k.x) || !B64URL_32.test(k.y))
    return undefined;
  if ('d' in k) return undefined; // a private key has no business here
  const key: DevicePublicKey = { kty: 'EC', crv: 'P-256', x: k.x, y: k.y };
  try {
    createPublicKey({ key: { ...key }, format: 'jwk' }); // a point on the curve
  } catch {
    return undefined;
  }
  return key;
}

/** The bytes a device signs: purpose, origin and nonce. The page builds the same string (pair-page/device-key.ts). */
export function signedText(origin: string, nonce: string): string {
  return `claude-desk device auth\n${origin}\n${nonce}`;
}

/** A WebCrypto ECDSA signature (raw r‖s, 64 bytes, base64url) of signedText(origin, nonce) by `key`. */
export function verifyDeviceSignature(key: DevicePublicKey, origin: string, nonce: string, signature: string): boolean {
  if (!/^[A-Za-z0-9_-]{86}$/.test(signature)) return false;
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: { ...key }, format: 'jwk' });
  } catch {
    return false;
  }
  return verify(
    'sha256',
    Buffer.from(signedText(origin, nonce)),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
}

/** Nonces handed out, each good once and for NONCE_TTL_MS. */
export class Nonces {
  private readonly issued = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(): string {
    this.sweep();
    const nonce = randomBytes(32).toString('base64url');
    this.issued.set(nonce, this.now() + NONCE_TTL_MS);
    return nonce;
  }

  /** True once for a nonce issued and not expired; every later use (a replay) is false. */
  consume(nonce: string): boolean {
    const expires = this.issued.get(nonce);
    this.issued.delete(nonce);
    return expires !== undefined && expires > this.now();
  }

  private sweep(): void {
    const now = this.now();
    for (const [n, t] of this.issued) if (t <= now) this.issued.delete(n);
  }
}
