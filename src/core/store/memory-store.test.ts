import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore, MemoryValidationError, type MemoryStore } from './memory-store';
import { stem, tokenize } from './memory-search';

let dir: string;
let file: string;
let clock: number;
let seq: number;

function store(extra: { onWarning?: (m: string) => void } = {}): MemoryStore {
  return createMemoryStore({
    file,
    now: () => clock,
    newId: () => `mem_${String(++seq).padStart(3, '0')}`,
    ...extra,
  });
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-memory-'));
  file = path.join(dir, 'state', 'memory.json');
  clock = 1_000;
  seq = 0;
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('tokenize', () => {
  it('lowercases, keeps unicode words and strips plural/-ing/-ed', () => {
    expect(tokenize("The user's Favourite COLOURS: Zürich, 東京!")).toEqual([
      'the',
      'user',
      's',
      'favourit',
      'colour',
      'zürich',
      '東京',
    ]);
    expect(['stories', 'running', 'stopped', 'liked', 'likes', 'glass', 'status'].map(stem)).toEqual([
      'story',
      'run',
      'stop',
      'lik',
      'lik',
      'glass',
      'status',
    ]);
  });
});

describe('memory store', () => {
  it('persists memories to the data-dir file (0600) and reloads them', async () => {
    const a = store();
    const m = await a.learn('  The user prefers tabs  ', ['Prefs', 'prefs', ' code ']);
    expect(m).toMatchObject({ content: 'The user prefers tabs', tags: ['prefs', 'code'], createdAt: 1000 });
    const stat = await fs.stat(file);
    expect(stat.mode & 0o777).toBe(0o600);
    const b = store();
    expect(await b.fetch(m.id)).toEqual(m);
    expect(await b.forget(m.id)).toBe(true);
    expect(await b.forget(m.id)).toBe(false);
    expect(await store().fetch(m.id)).toBeUndefined();
  });

  it('serializes concurrent writes so none is lost', async () => {
    const s = store();
    await Promise.all(Array.from({ length: 25 }, (_, i) => s.learn(`fact number ${i}`)));
    const reloaded = await store().list({ limit: 100 });
    expect(reloaded.items).toHaveLength(25);
  });

  it('updates content and tags, keeping createdAt and bumping updatedAt', async () => {
    const s = store();
    const m = await s.learn('likes tea', ['drinks']);
    clock = 2_000;
    const u = await s.update(m.id, 'likes green tea', ['drinks', 'prefs']);
    expect(u).toEqual({ ...m, content: 'likes green tea', tags: ['drinks', 'prefs'], updatedAt: 2000 });
    expect(await store().fetch(m.id)).toEqual(u);
    expect(await s.update('mem_nope', 'x')).toBeUndefined();
    await expect(s.update(m.id, '   ')).rejects.toBeInstanceOf(MemoryValidationError);
  });

  it('skips a memory whose fields are not what a memory holds, keeps the rest, and says so', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const good = { id: 'mem_a', content: 'likes tea', tags: ['prefs'], createdAt: 1, updatedAt: 1 };
    await fs.writeFile(file, JSON.stringify({ version: 1, memories: [good, { ...good, id: 'mem_b', tags: 'prefs' }] }));
    const warnings: string[] = [];
    const s = store({ onWarning: (w) => warnings.push(w) });
    expect((await s.list()).items).toEqual([good]);
    expect(warnings.join('\n')).toMatch(/Skipped 1 unreadable memories/);
  });

  it('moves a corrupt file aside, warns, and starts fresh', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, '{"version":1,"memories":[{"id":');
    const warnings: string[] = [];
    const s = store({ onWarning: (w) => warnings.push(w) });
    expect((await s.list()).items).toEqual([]);
    expect(warnings.join('\n')).toMatch(/moved aside/);
    const names = await fs.readdir(path.dirname(file));
    expect(names.some((n) => n.startsWith('memory.json.corrupt-'))).toBe(true);
    await s.learn('fresh start');
    expect((await store().list()).items.map((m) => m.content)).toEqual(['fresh start']);
  });

  it('paginates newest first with a cursor that survives inserts and deletes', async () => {
    const s = store();
    for (let i = 0; i < 7; i++) {
      clock = 1_000 + i;
      await s.learn(`memory ${i}`, i % 2 === 0 ? ['even'] : []);
    }
    const p1 = await s.list({ limit: 3 });
    expect(p1.items.map((m) => m.content)).toEqual(['memory 6', 'memory 5', 'memory 4']);
    expect(p1.nextCursor).toBeDefined();
    // A new memory and a deleted page-1 item must not shift page 2.
    clock = 5_000;
    await s.learn('brand new');
    await s.forget(p1.items[2]!.id);
    const p2 = await s.list({ limit: 3, cursor: p1.nextCursor });
    expect(p2.items.map((m) => m.content)).toEqual(['memory 3', 'memory 2', 'memory 1']);
    const p3 = await s.list({ limit: 3, cursor: p2.nextCursor });
    expect(p3.items.map((m) => m.content)).toEqual(['memory 0']);
    expect(p3.nextCursor).toBeUndefined();

    const even = await s.list({ tag: 'EVEN' });
    expect(even.items.map((m) => m.content)).toEqual(['memory 6', 'memory 2', 'memory 0']);
    await expect(s.list({ cursor: 'garbage' })).rejects.toBeInstanceOf(MemoryValidationError);
  });

  it('recalls by term overlap, not substring, best match first', async () => {
    const s = store();
    await s.learn('The user works at a bakery in Lyon');
    await s.learn("The user's favourite colour is teal", ['prefs']);
    await s.learn('Favourite food: ramen');
    await s.learn('The colour of the office walls is grey');

    const hits = await s.recall('what are my favourite colours?');
    expect(hits.map((h) => h.memory.content)).toEqual([
      "The user's favourite colour is teal",
      'Favourite food: ramen',
      'The colour of the office walls is grey',
    ]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    // Tags are searchable too; unrelated queries find nothing.
    expect((await s.recall('prefs')).map((h) => h.memory.content)).toEqual(["The user's favourite colour is teal"]);
    expect(await s.recall('quantum chromodynamics')).toEqual([]);
    expect(await s.recall('favourite', 1)).toHaveLength(1);
  });

  it('breaks score ties by recency (most recently updated first)', async () => {
    const s = store();
    clock = 1_000;
    const older = await s.learn('project codename is falcon');
    clock = 2_000;
    await s.learn('project codename is heron');
    expect((await s.recall('project codename')).map((h) => h.memory.content)).toEqual([
      'project codename is heron',
      'project codename is falcon',
    ]);
    clock = 3_000;
    await s.update(older.id, 'project codename is eagle');
    expect((await s.recall('project codename')).map((h) => h.memory.content)).toEqual([
      'project codename is eagle',
      'project codename is heron',
    ]);
  });
});
