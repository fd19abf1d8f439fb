import { afterEach, describe, expect, it, vi } from 'vitest';
import { electronMock } from '../../test/fixtures/electron-mock';

vi.mock('electron', () => electronMock());
const electron = (await import('electron')) as unknown as ReturnType<typeof electronMock>;
const { electronCipher } = await import('./safe-storage-cipher');

describe('electronCipher', () => {
  afterEach(() => {
    electron.safeStorage.isEncryptionAvailable.mockReturnValue(true);
    electron.safeStorage.getSelectedStorageBackend.mockReturnValue('gnome_libsecret');
  });

  it('uses a real Linux keyring (libsecret, kwallet)', () => {
    expect(electronCipher('linux').available()).toBe(true);
    electron.safeStorage.getSelectedStorageBackend.mockReturnValue('kwallet6');
    expect(electronCipher('linux').available()).toBe(true);
  });

  it('keeps the key in memory only when Linux fell back to basic_text (a hard-coded password)', () => {
    electron.safeStorage.getSelectedStorageBackend.mockReturnValue('basic_text');
    expect(electronCipher('linux').available()).toBe(false);
  });

  it('asks for the backend on Linux only', () => {
    electron.safeStorage.getSelectedStorageBackend.mockReturnValue('basic_text');
    expect(electronCipher('darwin').available()).toBe(true);
    expect(electronCipher('win32').available()).toBe(true);
  });

  it('is unavailable when safeStorage says so', () => {
    electron.safeStorage.isEncryptionAvailable.mockReturnValue(false);
    expect(electronCipher('darwin').available()).toBe(false);
  });

  it('round-trips a secret', () => {
    const c = electronCipher('linux');
    expect(c.decrypt(c.encrypt('sk-ant-test'))).toBe('sk-ant-test');
  });
});
