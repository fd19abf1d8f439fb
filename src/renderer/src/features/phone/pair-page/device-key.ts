/**
 * The phone's credential: a non-extractable ECDSA P-256 key made by WebCrypto and kept in this origin's IndexedDB
 * (the browser can sign with it; no script, this page's included, can read it out). The computer holds the public
 * key only. On every connection the phone signs the nonce the computer sent, with the origin, so a signature is
 * worth nothing anywhere else or later. Mirrors core/phone/device-keys.ts (signedText).
 */

const DB = 'claude-desk-device';
const STORE = 'keys';
const CURRENT = 'current';

export interface StoredDevice {
  deviceId: string;
  name: string;
  privateKey: CryptoKey;
}

export function signedText(origin: string, nonce: string): string {
  return `claude-desk device auth\n${origin}\n${nonce}`;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
  });
}

async function inStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = act(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result as T);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB refused'));
    });
  } finally {
    db.close();
  }
}

/** A fresh key pair; the private half can sign and never be exported. */
export async function makeDeviceKey(): Promise<{ privateKey: CryptoKey; publicJwk: JsonWebKey }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { privateKey: pair.privateKey, publicJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } };
}

export function saveDevice(device: StoredDevice): Promise<unknown> {
  return inStore('readwrite', (s) => s.put(device, CURRENT));
}

export async function loadDevice(): Promise<StoredDevice | undefined> {
  try {
    return (await inStore<StoredDevice | undefined>('readonly', (s) => s.get(CURRENT))) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetDevice(): Promise<unknown> {
  return inStore('readwrite', (s) => s.delete(CURRENT));
}

function base64url(bytes: ArrayBuffer): string {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The auth frame for this connection's nonce, or null when this browser holds no paired device. */
export async function deviceAuthFrame(nonce: string, origin = location.origin): Promise<object | null> {
  const device = await loadDevice();
  if (!device) return null;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    device.privateKey,
    new TextEncoder().encode(signedText(origin, nonce)),
  );
  return { kind: 'auth', deviceId: device.deviceId, signature: base64url(signature) };
}
