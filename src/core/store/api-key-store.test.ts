import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiKeyStore, ApiKeyValidationError, type SecretCipher } from './api-key-store';

/** A reversible stand-in for safeStorage: enough to prove the file never holds the plaintext. */
function fakeCipher(available = true): SecretCipher & { calls: number } {
  const c = {
    calls: 0,
    available: () => available,
    encrypt: (s: string) => Buffer.from(`ENC:${Buffer.from(s).reverse().toString('base64')}`),
    decrypt: (b: Buffer) => {
      c.calls++;
      const text = b.toString();
      if (!text.startsWith('ENC:')) throw new Error('bad blob');
      return Buffer.from(text.slice(4), 'base64').reverse().toString();
    },
  };
  return c;
}

const KEY = 'sk-ant-api03-Abcdef_123-XYZ';

describe('ApiKeyStore', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-key-'));
    file = path.join(dir, 'state', 'api-key.bin');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('saves the key encrypted (0600), and a new store reads it back', async () => {
    const store = await ApiKeyStore.open({ file, cipher: fakeCipher() });
    expect(store.has()).toBe(false);
    await store.set(`  ${KEY}\n`);
    expect(store.get()).toBe(KEY);
    expect(store.storage()).toBe('encrypted');
    const raw = fs.readFileSync(file);
    expect(raw.toString()).not.toContain(KEY);
    expect(raw.toString()).not.toContain('Abcdef');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const cipher = fakeCipher();
    const again = await ApiKeyStore.open({ file, cipher });
    expect(again.has()).toBe(true);
    expect(cipher.calls).toBe(0); // has() does not decrypt (no keychain prompt to draw Settings)
    expect(again.get()).toBe(KEY);
  });

  it('keeps the key in memory only when there is no cipher (browser mode, CLI)', async () => {
    const store = await ApiKeyStore.open({ file, cipher: null });
    await store.set(KEY);
    expect(store.storage()).toBe('memory');
    expect(store.get()).toBe(KEY);
    expect(fs.existsSync(file)).toBe(false);
    const fresh = await ApiKeyStore.open({ file });
    expect(fresh.has()).toBe(false);
  });

  it('treats an unavailable cipher like none', async () => {
    const store = await ApiKeyStore.open({ file, cipher: fakeCipher(false) });
    await store.set(KEY);
    expect(store.storage()).toBe('memory');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('rejects a malformed key without echoing it back', async () => {
    const store = await ApiKeyStore.open({ file, cipher: fakeCipher() });
    for (const bad of ['', 'hello', 'sk-other-123456', 'sk-ant-', 'sk-ant-has space']) {
      const err = await store.set(bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiKeyValidationError);
      if (bad.length > 'sk-ant-'.length) expect((err as Error).message).not.toContain(bad);
    }
    expect(store.has()).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('clear() forgets the key and deletes the file; listeners hear set and clear', async () => {
    const store = await ApiKeyStore.open({ file, cipher: fakeCipher() });
    let changes = 0;
    const off = store.onChange(() => changes++);
    await store.set(KEY);
    await store.clear();
    off();
    await store.set(KEY);
    expect(changes).toBe(2);
    await store.clear();
    expect(store.get()).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('an undecryptable file means "no key" with one warning, not a crash', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'garbage from another machine');
    const warnings: string[] = [];
    const store = await ApiKeyStore.open({ file, cipher: fakeCipher(), onWarning: (w) => warnings.push(w) });
    expect(store.get()).toBeUndefined();
    expect(store.get()).toBeUndefined();
    expect(store.has()).toBe(false);
    expect(warnings).toHaveLength(1);
  });

  it('never shows the key through inspect or JSON, and reports it for log scrubbing', async () => {
    const secrets: string[] = [];
    const store = await ApiKeyStore.open({ file, cipher: fakeCipher(), onSecret: (s) => secrets.push(s) });
    await store.set(KEY);
    expect(inspect(store, { depth: 5, showHidden: true })).not.toContain(KEY);
    expect(JSON.stringify(store)).not.toContain(KEY);
    expect(JSON.stringify(store)).toContain('"hasKey":true');
    expect(secrets).toEqual([KEY]);
  });
});
