import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppSettings } from '../../shared/settings';
import {
  SettingsLockedError,
  SettingsStore,
  SettingsValidationError,
  parsePermissionModeEnv,
  type ApiKeyStatus,
} from './settings-store';

describe('SettingsStore', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-settings-'));
    file = path.join(dir, 'state', 'claude_code_settings.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const open = (env: NodeJS.ProcessEnv = {}, extra: { keyStore?: ApiKeyStatus; warnings?: string[] } = {}) =>
    SettingsStore.open({ file, env, keyStore: extra.keyStore, onWarning: (w) => extra.warnings?.push(w) });

  const onDisk = () => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

  it('defaults to acceptEdits with no file, and writes nothing until a change', async () => {
    const s = (await open()).get();
    expect(s.permissionMode).toBe('acceptEdits');
    expect(s.toolPolicy).toBe('all');
    expect(s.permissionModeLockedBy).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('persists the mode under the issue key name and a new store reads it back', async () => {
    const store = await open();
    const seen: AppSettings[] = [];
    store.onChange((s) => seen.push(s));
    const out = await store.update({ permissionMode: 'bypassPermissions', defaultModel: 'claude-code:opus@0.2' });
    expect(out.permissionMode).toBe('bypassPermissions');
    expect(onDisk()).toEqual({ permissionMode: 'bypassPermissions', defaultModel: 'claude-code:opus@0.2' });
    expect(seen.map((s) => s.permissionMode)).toEqual(['bypassPermissions']);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const again = (await open()).get();
    expect(again.permissionMode).toBe('bypassPermissions');
    expect(again.defaultModel).toBe('claude-code:opus@0.2');
    await (await open()).update({ defaultModel: '' });
    expect((await open()).get().defaultModel).toBeUndefined();
  });

  it('keeps the theme (System unless chosen) and refuses a made-up one', async () => {
    expect((await open()).get().theme).toBe('system');
    await (await open()).update({ theme: 'dark' });
    expect((await open()).get().theme).toBe('dark');
    await expect((await open()).update({ theme: 'sepia' })).rejects.toThrow(SettingsValidationError);
  });

  it('rejects invalid patches and leaves the file alone', async () => {
    const store = await open();
    await store.update({ toolPolicy: 'read-only' });
    for (const bad of [{ permissionMode: 'yolo' }, { nope: 1 }, { defaultModel: 'two words' }, { toolPolicy: 3 }]) {
      await expect(store.update(bad)).rejects.toThrow();
    }
    expect(onDisk()).toEqual({ permissionMode: 'acceptEdits', toolPolicy: 'read-only' });
  });

  it('says what is wrong with a bad model name in a sentence, not as zod issue JSON', async () => {
    const store = await open();
    for (const bad of ['two words', '--dangerously-skip-permissions', 'x'.repeat(201)]) {
      const err = await store.update({ defaultModel: bad }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SettingsValidationError);
      const message = (err as Error).message;
      expect(message).toMatch(/^Settings not saved: .*model name/s);
      expect(message).toContain('defaultModel');
      expect(message).not.toContain('"code"');
    }
  });

  it.each([
    ['full', 'bypassPermissions'],
    ['bypass', 'bypassPermissions'],
    ['bypassPermissions', 'bypassPermissions'],
    ['acceptEdits', 'acceptEdits'],
    ['ask', 'ask'],
    ['default', 'ask'],
  ])('CLAUDE_DESK_PERMISSION_MODE=%s locks the mode to %s', async (value, mode) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ permissionMode: mode === 'ask' ? 'acceptEdits' : 'ask' }));
    const s = (await open({ CLAUDE_DESK_PERMISSION_MODE: value })).get();
    expect(s.permissionMode).toBe(mode);
    expect(s.permissionModeLockedBy).toBe(`CLAUDE_DESK_PERMISSION_MODE=${value}`);
  });

  it('refuses to change a locked mode with a clear error, but other settings still save', async () => {
    const store = await open({ CLAUDE_DESK_PERMISSION_MODE: 'full' });
    const err = await store.update({ permissionMode: 'acceptEdits' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SettingsLockedError);
    expect((err as Error).message).toContain('CLAUDE_DESK_PERMISSION_MODE=full');
    const out = await store.update({ permissionMode: 'bypassPermissions', toolPolicy: 'none' });
    expect(out.toolPolicy).toBe('none');
    // The user's own choice stays on disk: unsetting the env var brings it back.
    expect(onDisk().permissionMode).toBe('acceptEdits');
    expect((await open()).get().permissionMode).toBe('acceptEdits');
  });

  it('ignores an invalid env value with a warning', async () => {
    const warnings: string[] = [];
    const s = (await open({ CLAUDE_DESK_PERMISSION_MODE: 'yolo' }, { warnings })).get();
    expect(s.permissionMode).toBe('acceptEdits');
    expect(s.permissionModeLockedBy).toBeUndefined();
    expect(warnings.join('\n')).toContain('CLAUDE_DESK_PERMISSION_MODE=yolo');
    expect(parsePermissionModeEnv(' FULL ')).toBe('bypassPermissions');
  });

  it('survives a corrupt or half-valid file with warnings', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"permissionMode": "bypassPerm');
    const warnings: string[] = [];
    expect((await open({}, { warnings })).get().permissionMode).toBe('acceptEdits');
    expect(warnings).toHaveLength(1);
    fs.writeFileSync(file, JSON.stringify({ permissionMode: 'nonsense', toolPolicy: 'read-only' }));
    const s = (await open({}, { warnings })).get();
    expect(s.permissionMode).toBe('acceptEdits');
    expect(s.toolPolicy).toBe('read-only');
    expect(warnings).toHaveLength(2);
  });

  it('reports the API key status from the key store', async () => {
    let has = false;
    const keyStore: ApiKeyStatus = { has: () => has, storage: () => 'encrypted' };
    const store = await open({}, { keyStore });
    expect(store.get()).toMatchObject({ hasSavedApiKey: false, apiKeyStorage: 'encrypted' });
    has = true;
    const seen: AppSettings[] = [];
    store.onChange((s) => seen.push(s));
    store.notify();
    expect(seen[0]?.hasSavedApiKey).toBe(true);
    expect((await open()).get().apiKeyStorage).toBe('unavailable');
  });
});
