import { safeStorage } from 'electron';
import type { SecretCipher } from '../core/store/api-key-store';

/** The saved API key is encrypted with the OS keychain (Keychain, DPAPI, libsecret) via safeStorage. */
export function electronCipher(): SecretCipher {
  return {
    available: () => safeStorage.isEncryptionAvailable(),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (blob) => safeStorage.decryptString(blob),
  };
}
