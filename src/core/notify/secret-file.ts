import fs from 'node:fs/promises';
import { writeFileAtomic } from '../store/atomic-write';
import type { SecretCipher } from '../store/api-key-store';

/**
 * A secret kept as the API key is: encrypted by the system's keychain where there is one (the desktop app), in a
 * 0600 file written atomically; where there is none (browser mode, the command line) in memory only, until quit.
 * The plaintext is in a #private field and leaves only through get(); every value known is handed to the log's
 * redaction first.
 */
export class SecretFile {
  #value: string | undefined;
  #blob: Buffer | undefined;

  private constructor(
    private readonly file: string,
    private readonly cipher: SecretCipher | null | undefined,
    private readonly onSecret: (secret: string) => void,
    private readonly onUnreadable: () => void,
  ) {}

  static async open(
    file: string,
    cipher: SecretCipher | null | undefined,
    onSecret: (s: string) => void,
    onUnreadable: () => void = () => {},
  ) {
    const store = new SecretFile(file, cipher, onSecret, onUnreadable);
    if (store.storage() === 'encrypted') store.#blob = await fs.readFile(file).catch(() => undefined);
    return store;
  }

  storage(): 'encrypted' | 'memory' {
    return this.cipher?.available() ? 'encrypted' : 'memory';
  }

  has(): boolean {
    return this.#value !== undefined || this.#blob !== undefined;
  }

  get(): string | undefined {
    if (this.#value !== undefined) return this.#value;
    if (!this.#blob || !this.cipher) return undefined;
    try {
      this.#value = this.cipher.decrypt(this.#blob);
      this.onSecret(this.#value);
      return this.#value;
    } catch {
      this.#blob = undefined; // another machine's file: the user enters it again
      this.onUnreadable();
      return undefined;
    }
  }

  async set(value: string): Promise<void> {
    this.onSecret(value);
    if (this.cipher?.available()) {
      const blob = this.cipher.encrypt(value);
      await writeFileAtomic(this.file, blob, 0o600);
      this.#blob = blob;
    }
    this.#value = value;
  }

  async clear(): Promise<void> {
    this.#value = undefined;
    this.#blob = undefined;
    await fs.rm(this.file, { force: true });
  }

  toJSON(): { storage: string; has: boolean } {
    return { storage: this.storage(), has: this.has() };
  }
}
