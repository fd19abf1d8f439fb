import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SecretCipher } from '../store/api-key-store';
import { SecretFile } from './secret-file';

/** A stand-in keychain: reversible, and not the plaintext on disk. */
const cipher = (ok = true): SecretCipher => ({
  available: () => true,
  encrypt: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
  decrypt: (blob) => {
    if (!ok) throw new Error('not this machine');
    return Buffer.from(blob.map((b) => b ^ 0x5a)).toString('utf8');
  },
});

describe('a secret kept as the API key is', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'secret-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('is encrypted on disk (0600), read back after a restart, and handed to the redaction first', async () => {
    const file = path.join(dir, 'ntfy-token.bin');
    const redacted: string[] = [];
    const first = await SecretFile.open(file, cipher(), (s) => redacted.push(s));
    await first.set('tk_secret_value');
    expect(redacted).toEqual(['tk_secret_value']);
    expect((await fs.readFile(file)).toString('utf8')).not.toContain('tk_secret');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(first)).not.toContain('tk_secret');
    const again = await SecretFile.open(file, cipher(), (s) => redacted.push(s));
    expect(again.has()).toBe(true);
    expect(again.get()).toBe('tk_secret_value');
    await again.clear();
    await expect(fs.stat(file)).rejects.toThrow();
  });

  it('without a keychain stays in memory only; one that cannot be decrypted is said once', async () => {
    const file = path.join(dir, 'ntfy-token.bin');
    const memory = await SecretFile.open(file, null, () => {});
    await memory.set('tk_x');
    expect(memory.storage()).toBe('memory');
    await expect(fs.stat(file)).rejects.toThrow();

    await (await SecretFile.open(file, cipher(), () => {})).set('tk_y');
    let said = 0;
    const foreign = await SecretFile.open(
      file,
      cipher(false),
      () => {},
      () => said++,
    );
    expect(foreign.get()).toBeUndefined();
    expect(foreign.get()).toBeUndefined();
    expect(said).toBe(1);
    expect(foreign.has()).toBe(false);
  });
});
