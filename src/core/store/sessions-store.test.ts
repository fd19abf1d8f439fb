import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionsStore, isUuidV4 } from './sessions-store';

const U1 = '7f1c2a4e-3b5d-4c6e-9f8a-1b2c3d4e5f60';
const U2 = '0d9e8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b';

describe('SessionsStore', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sessions-store-'));
    file = path.join(dir, 'state', 'claude-code-sessions.json');
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('remembers a thread session across instances (on disk, 0600)', async () => {
    const a = new SessionsStore(file);
    expect(await a.get('t1')).toBeUndefined();
    await a.set('t1', U1);
    await a.set('t2', U2);
    const b = new SessionsStore(file);
    expect(await b.get('t1')).toBe(U1);
    expect(await b.get('t2')).toBe(U2);
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ t1: U1, t2: U2 });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    await b.delete('t1');
    expect(await new SessionsStore(file).get('t1')).toBeUndefined();
  });

  it('keeps every thread when several processes save sessions at once (the app and `claude-desk chat` commands)', async () => {
    // One store per process on the same file; each saves its own threads, all at the same moment.
    const uuid = (i: number) => `7f1c2a4e-3b5d-4c6e-9f8a-${String(i).padStart(12, '0')}`;
    const stores = Array.from({ length: 4 }, () => new SessionsStore(file));
    await Promise.all(
      stores.flatMap((store, k) => Array.from({ length: 5 }, (_, i) => store.set(`t${k}-${i}`, uuid(k * 10 + i)))),
    );
    const saved = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(saved)).toHaveLength(20);
    expect(saved['t3-4']).toBe(uuid(34));
    expect((await fs.readdir(path.dirname(file))).filter((f) => f !== 'claude-code-sessions.json')).toEqual([]);
  });

  it('refuses anything but a v4 uuid', async () => {
    await expect(new SessionsStore(file).set('t', 'not-a-uuid')).rejects.toThrow(/v4/);
    expect(isUuidV4('6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(false); // v1
  });

  it('moves a corrupt file aside with a warning and starts fresh', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, '{ not json');
    const warnings: string[] = [];
    const store = new SessionsStore(file, (w) => warnings.push(w));
    expect(await store.get('t1')).toBeUndefined();
    expect(warnings[0]).toMatch(/moved aside/);
    const names = await fs.readdir(path.dirname(file));
    expect(names.some((n) => n.startsWith('claude-code-sessions.json.corrupt-'))).toBe(true);
    await store.set('t1', U1);
    expect(await new SessionsStore(file).get('t1')).toBe(U1);
  });

  it('keeps the last of many concurrent writes', async () => {
    const store = new SessionsStore(file);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set(`t${i}`, U1)));
    await store.set('t0', U2);
    const onDisk = JSON.parse(await fs.readFile(file, 'utf8'));
    expect(Object.keys(onDisk)).toHaveLength(20);
    expect(onDisk.t0).toBe(U2);
  });
});
