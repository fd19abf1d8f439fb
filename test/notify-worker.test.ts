import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_PUSH_AGE_MS, NOTIFY_KIND_WORDS, NOTIFY_KINDS, type PushMessage } from '../src/shared/notify';

/**
 * The phone page's service worker (src/renderer/public/notify-worker.js), run as a browser runs it: the file's
 * text in a context whose `self` is a stand-in ServiceWorkerGlobalScope (registration, clients, caches), events
 * dispatched to what it registered.
 */
const SOURCE = fs.readFileSync(path.join(import.meta.dirname, '../src/renderer/public/notify-worker.js'), 'utf8');
const SCOPE = 'https://100.64.1.2:8788/';

interface Shown {
  title: string;
  options: Record<string, unknown>;
}
interface FakeClient {
  url: string;
  focused: boolean;
  posted: unknown[];
  focusedByWorker: boolean;
  postMessage(m: unknown): void;
  focus(): Promise<void>;
}

function loadWorker(windows: FakeClient[] = []) {
  const handlers = new Map<string, (e: unknown) => void>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const store = new Map<string, string>();
  const self = {
    addEventListener: (name: string, fn: (e: unknown) => void) => handlers.set(name, fn),
    skipWaiting: () => Promise.resolve(),
    registration: {
      scope: SCOPE,
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
    caches: {
      open: async () => ({
        match: async (key: string) => (store.has(key) ? new Response(store.get(key)) : undefined),
        put: async (key: string, r: Response) => {
          store.set(key, await r.text());
        },
      }),
    },
  };
  vm.runInNewContext(SOURCE, { self, URL, Response, Date, JSON, Array, Object });
  const dispatch = async (name: string, event: Record<string, unknown>) => {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get(name)!({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data: {
        json: () => (typeof data === 'string' ? JSON.parse(data) : data),
      },
    });
  return { shown, opened, dispatch, push };
}

const message = (over: Partial<PushMessage> = {}): PushMessage => ({
  v: 1,
  id: 'waiting:t1/r1',
  kind: 'waiting',
  threadId: 't1',
  title: 'Fix the flaky test',
  body: 'Claude is waiting for your approval to use Bash.',
  at: Date.now(),
  ...over,
});

function client(url: string, focused = false): FakeClient {
  const c: FakeClient = {
    url,
    focused,
    posted: [],
    focusedByWorker: false,
    postMessage: (m) => c.posted.push(m),
    focus: async () => {
      c.focusedByWorker = true;
    },
  };
  return c;
}

describe('the notifications service worker', () => {
  let worker: ReturnType<typeof loadWorker>;
  beforeEach(() => {
    worker = loadWorker();
  });

  it('shows one notification per message: the kind and thread as its title, why as its body, no actions', async () => {
    await worker.push(message());
    await worker.push(message({ id: 'finished:turn-1', kind: 'finished', body: 'Claude finished answering.' }));
    expect(worker.shown).toHaveLength(2);
    expect(worker.shown[0]!.title).toBe(`${NOTIFY_KIND_WORDS.waiting}: Fix the flaky test`);
    expect(worker.shown[0]!.options).toMatchObject({
      body: 'Claude is waiting for your approval to use Bash.',
      tag: 'waiting:t1',
      data: { threadId: 't1' },
    });
    expect(worker.shown[1]!.title).toBe('Finished: Fix the flaky test');
    for (const s of worker.shown) expect(s.options).not.toHaveProperty('actions');
  });

  it('shows every kind the computer sends, in the same words: failed and stopped apart from finished', async () => {
    for (const kind of NOTIFY_KINDS) await worker.push(message({ id: `${kind}:turn-1`, kind }));
    expect(worker.shown.map((s) => s.title)).toEqual(
      NOTIFY_KINDS.map((kind) => `${NOTIFY_KIND_WORDS[kind]}: Fix the flaky test`),
    );
    expect(worker.shown.map((s) => s.title).slice(2)).toEqual([
      'Failed: Fix the flaky test',
      'Stopped: Fix the flaky test',
    ]);
  });

  it('drops a repeated id, a stale message and anything not of Claude Desk shape', async () => {
    await worker.push(message());
    await worker.push(message());
    await worker.push(message({ id: 'old', at: Date.now() - MAX_PUSH_AGE_MS - 1000 }));
    await worker.push({ ...message({ id: 'x' }), v: 2 });
    await worker.push({ ...message({ id: 'y' }), kind: 'other' });
    await worker.push({ ...message({ id: 'z' }), title: 5 });
    await worker.push('not json {');
    expect(worker.shown.map((s) => s.title)).toEqual(['Waiting for you: Fix the flaky test']);
  });

  it('a tap focuses Claude Desk page of this origin at the thread, never another origin', async () => {
    const other = client('https://example.com/', true);
    const ours = client(`${SCOPE}#thread=t0`);
    worker = loadWorker([other, ours]);
    let closed = false;
    await worker.dispatch('notificationclick', {
      notification: { data: { threadId: 't1' }, close: () => (closed = true) },
    });
    expect(closed).toBe(true);
    expect(ours.focusedByWorker).toBe(true);
    expect(ours.posted).toEqual([{ type: 'claude-desk:open-thread', threadId: 't1' }]);
    expect(other.posted).toEqual([]);
    expect(worker.opened).toEqual([]);
  });

  it('with no page open, a tap opens this origin page at the thread', async () => {
    await worker.dispatch('notificationclick', {
      notification: { data: { threadId: 'th 1/x' }, close: () => {} },
    });
    expect(worker.opened).toEqual([`${SCOPE}#thread=th%201%2Fx`]);
  });
});
