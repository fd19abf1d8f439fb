import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asst, threadsStoreHarness, user } from '../../../test/fixtures/threads-store-harness';

describe('ThreadsStore: search', () => {
  let dir: string;
  let h: ReturnType<typeof threadsStoreHarness>;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'desk-threads-')), 'state', 'threads');
    h = threadsStoreHarness(dir);
  });
  afterEach(() => fs.rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true }));

  it('searches titles and message text: case-insensitive, all terms, snippet around the hit', async () => {
    const store = await h.open();
    const a = await store.create({ title: 'Parser work' });
    await store.appendUser(a.id, user('u1', 'How do I stream JSON lines?'));
    await store.saveAssistant(
      a.id,
      asst('t1', `${'Intro words here. '.repeat(10)}Use a LineReader over the socket and parse each line.`, 'done'),
    );
    const b = await store.create({ title: 'Holiday' });
    await store.appendUser(b.id, user('u2', 'Plan a trip to the mountains'));

    const hits = await store.search('linereader SOCKET');
    expect(hits.map((r) => r.thread.id)).toEqual([a.id]);
    expect(hits[0]?.snippet).toContain('LineReader over the socket');
    expect(hits[0]?.snippet.startsWith('…')).toBe(true);
    expect(hits[0]?.snippet.length).toBeLessThan(200);
    expect(await store.search('linereader mountains')).toEqual([]); // all terms must match in one thread
    expect((await store.search('parser json')).map((r) => r.thread.id)).toEqual([a.id]); // title + message
    expect((await store.search('holiday'))[0]?.snippet).toBe('Plan a trip to the mountains');
    expect(await store.search('   ')).toEqual([]);
    h.tick(10);
    await store.appendUser(b.id, user('u3', 'and a socket adapter'));
    expect((await store.search('socket', 1)).map((r) => r.thread.id)).toEqual([b.id]); // fresh text, limit 1
  });

  it('snippets are plain text: no heading marks, table pipes or emphasis; code and snake_case names stay', async () => {
    const store = await h.open();
    const a = await store.create({ title: 'Formats' });
    await store.saveAssistant(
      a.id,
      asst(
        't1',
        '## Results table\n\n| Name | Speed |\n| --- | --- |\n| **fast_path** | 12 ms |\n\n```ts\nconst read_all = open();\n```',
        'done',
      ),
    );
    const [hit] = await store.search('speed');
    expect(hit?.snippet).toBe('Results table Name Speed fast_path 12 ms const read_all = open();');
    expect((await store.search('read_all'))[0]?.thread.id).toBe(a.id); // code is searchable
    expect((await store.search('---'))[0]).toBeUndefined(); // markdown syntax is not
  });

  it('reads every thread’s search text ahead; a search afterwards reads no log', async () => {
    const store = await h.open();
    for (let i = 0; i < 3; i++) {
      const t = await store.create({ title: `T${i}` });
      await store.appendUser(t.id, user(`u${i}`, `topic number ${i}`));
    }
    expect(await store.warmSearch()).toBe(3);
    const get = vi.spyOn(store, 'get');
    expect((await store.search('topic', 10)).length).toBe(3);
    expect(get).not.toHaveBeenCalled();
    expect(await store.warmSearch(() => true)).toBe(0); // stops when told (quit)
  });
});
