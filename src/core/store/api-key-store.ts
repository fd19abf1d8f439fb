import fs from 'node:fs/promises';
import { writeFileAtomic } from './atomic-write';

/**
 * OS-backed encryption for the saved key. Main wires Electron's `safeStorage` (Keychain, DPAPI,
 * libsecret); browser mode and the command line have none, and then the key lives in memory only.
 */
export interface SecretCipher {
  available(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(blob: Buffer): string;
}

export type ApiKeyStorage = 'encrypted' | 'memory';

export interface ApiKeyStoreOptions {
  /** `<stateDir>/api-key.bin`. */
  file: string;
  cipher?: SecretCipher | null;
  onWarning?: (message: string) => void;
  /** Called with the key whenever one is known, so the logger can scrub it (logger.addSecret). */
  onSecret?: (key: string) => void;
}

export class ApiKeyValidationError extends Error {}

// The shape of Anthropic keys (sk-ant-api03-…, OAuth sk-ant-oat01-…); the mock API accepts `sk-ant-test`.
const KEY_SHAPE = /^sk-ant-[A-Za-z0-9_-]{1,400}$/;

export function validateApiKey(raw: string): string {
  const key = raw.trim();
  // The message never echoes the input: a mistyped key is still mostly a key.
  if (!KEY_SHAPE.test(key)) {
    throw new ApiKeyValidationError('That does not look like an Anthropic API key (it should start with "sk-ant-").');
  }
  return key;
}

/**
 * The saved Anthropic API key. The plaintext is held in a #private field (not shown by
 * util.inspect or JSON.stringify) and leaves this object only through `get()`, whose one
 * legitimate caller builds the CLI child's environment.
 */
export class ApiKeyStore {
  #key: string | undefined;
  #blob: Buffer | undefined;
  #decryptFailed = false;
  readonly #listeners = new Set<() => void>();

  private constructor(private readonly options: ApiKeyStoreOptions) {}

  static async open(options: ApiKeyStoreOptions): Promise<ApiKeyStore> {
    const store = new ApiKeyStore(options);
    if (store.storage() === 'encrypted') {
      try {
        store.#blob = await fs.readFile(options.file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    return store;
  }

  storage(): ApiKeyStorage {
    return this.options.cipher?.available() ? 'encrypted' : 'memory';
  }

  /** Whether a key is saved, without decrypting it (no keychain prompt just to draw Settings). */
  has(): boolean {
    return this.#key !== undefined || (this.#blob !== undefined && !this.#decryptFailed);
  }

  /** The key for the CLI child's ANTHROPIC_API_KEY, or undefined. Decrypts lazily (may touch the keychain). */
  get(): string | undefined {
    if (this.#key !== undefined) return this.#key;
    if (!this.#blob || this.#decryptFailed || !this.options.cipher) return undefined;
    try {
      this.#key = validateApiKey(this.options.cipher.decrypt(this.#blob));
      this.options.onSecret?.(this.#key);
      return this.#key;
    } catch {
      // E.g. the file came from another user or machine. Warn once; the user can enter the key again.
      this.#decryptFailed = true;
      this.options.onWarning?.('The saved API key could not be decrypted; enter it again in Settings.');
      return undefined;
    }
  }

  async set(raw: string): Promise<void> {
    const key = validateApiKey(raw);
    this.options.onSecret?.(key);
    const cipher = this.options.cipher;
    if (cipher?.available()) {
      const blob = cipher.encrypt(key);
      await writeFileAtomic(this.options.file, blob, 0o600);
      this.#blob = blob;
      this.#decryptFailed = false;
    }
    this.#key = key;
    this.emit();
  }

  async clear(): Promise<void> {
    this.#key = undefined;
    this.#blob = undefined;
    this.#decryptFailed = false;
    await fs.rm(this.options.file, { force: true });
    this.emit();
  }

  onChange(cb: () => void): () => void {
    this.#listeners.add(cb);
    return () => this.#listeners.delete(cb);
  }

  toJSON(): { storage: ApiKeyStorage; hasKey: boolean } {
    return { storage: this.storage(), hasKey: this.has() };
  }

  private emit(): void {
    for (const cb of [...this.#listeners]) cb();
  }
}
