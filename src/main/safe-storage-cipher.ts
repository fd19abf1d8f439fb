import { safeStorage } from 'electron';
import type { SecretCipher } from '../core/store/api-key-store';

/**
 * Linux backends that are not a real keychain: `basic_text` encrypts with a password hard-coded in
 * Chromium (anyone who can read the file can decrypt it), `unknown` means none was selected yet.
 */
const WEAK_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

/**
 * The saved API key is encrypted with the OS keychain (Keychain, DPAPI, libsecret/kwallet) via
 * safeStorage. Where that would only be obfuscation, `available()` is false and the key stays in memory.
 */
export function electronCipher(platform: NodeJS.Platform = process.platform): SecretCipher {
  return {
    available: () => {
      if (!safeStorage.isEncryptionAvailable()) return false;
      // getSelectedStorageBackend is Linux-only (and absent from older Electron builds).
      if (platform !== 'linux' || typeof safeStorage.getSelectedStorageBackend !== 'function') return true;
      return !WEAK_LINUX_BACKENDS.has(safeStorage.getSelectedStorageBackend());
    },
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (blob) => safeStorage.decryptString(blob),
  };
}
