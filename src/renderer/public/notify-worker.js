/*
 * Claude Desk's service worker for notifications (issue 51): a paired phone's page registers it at
 * /notify-worker.js (scope "/"). It does two things only:
 *   push              → one notification: "Waiting for you" or "Finished", naming the thread and why; no actions.
 *                       A message seen before, one older than MAX_AGE_MS, or not of Claude Desk's shape is dropped.
 *   notificationclick → focus Claude Desk's own page (a window of this origin) at that thread, or open it.
 * It caches nothing and fetches nothing: the page itself is always the one the computer serves.
 * The message was encrypted on the computer for this browser's keys (RFC 8291); the push service carried only
 * ciphertext. Plain JavaScript, served as it is (no build step): the words below match src/shared/notify.ts.
 */
'use strict';

const MAX_AGE_MS = 6 * 60 * 60 * 1000; // MAX_PUSH_AGE_MS
const KIND_WORDS = { waiting: 'Waiting for you', finished: 'Finished', failed: 'Failed', stopped: 'Stopped' }; // NOTIFY_KIND_WORDS
const SEEN_CACHE = 'claude-desk-notify-seen';
const SEEN_MAX = 200;

/** A decrypted payload of Claude Desk's shape, or null. */
function parseMessage(data) {
  let m;
  try {
    m = data ? data.json() : null;
  } catch {
    return null;
  }
  if (!m || m.v !== 1 || !Object.prototype.hasOwnProperty.call(KIND_WORDS, m.kind)) return null;
  for (const key of ['id', 'threadId', 'title', 'body']) if (typeof m[key] !== 'string') return null;
  if (typeof m.at !== 'number') return null;
  return {
    id: m.id.slice(0, 300),
    kind: m.kind,
    threadId: m.threadId.slice(0, 200),
    title: m.title.slice(0, 200),
    body: m.body.slice(0, 500),
    at: m.at,
  };
}

/** The ids shown lately, kept in the Cache API (a worker's memory ends whenever the browser stops it). */
async function firstTime(id, now) {
  const cache = await self.caches.open(SEEN_CACHE);
  const key = '/claude-desk-notify-seen';
  const response = await cache.match(key);
  let seen;
  try {
    seen = response ? await response.json() : [];
  } catch {
    seen = [];
  }
  if (!Array.isArray(seen)) seen = [];
  seen = seen.filter((e) => e && typeof e.id === 'string' && now - e.at <= MAX_AGE_MS);
  if (seen.some((e) => e.id === id)) return false;
  seen.push({ id, at: now });
  await cache.put(key, new Response(JSON.stringify(seen.slice(-SEEN_MAX))));
  return true;
}

async function onPush(event) {
  const message = parseMessage(event.data);
  if (!message) return;
  const now = Date.now();
  if (now - message.at > MAX_AGE_MS) return; // stale: the board shows it
  if (!(await firstTime(message.id, now))) return; // repeated
  await self.registration.showNotification(`${KIND_WORDS[message.kind]}: ${message.title}`, {
    body: message.body,
    // One notification per thread and kind: a newer one replaces the older, with a sound.
    tag: `${message.kind}:${message.threadId}`,
    renotify: true,
    timestamp: message.at,
    data: { threadId: message.threadId },
  });
}

/** The page of this origin to show a thread in: `/#thread=<id>` (the page reads it; nothing else is opened). */
function pageUrl(threadId) {
  const url = new URL('/', self.registration.scope);
  if (threadId) url.hash = `thread=${encodeURIComponent(threadId)}`;
  return url.href;
}

async function onClick(event) {
  event.notification.close();
  const threadId =
    event.notification.data && typeof event.notification.data.threadId === 'string'
      ? event.notification.data.threadId
      : '';
  const origin = new URL(self.registration.scope).origin;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((c) => new URL(c.url).origin === origin);
  const client = ours.find((c) => c.focused) || ours[0];
  if (client) {
    client.postMessage({ type: 'claude-desk:open-thread', threadId });
    await client.focus();
    return;
  }
  await self.clients.openWindow(pageUrl(threadId));
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => event.waitUntil(onPush(event)));
self.addEventListener('notificationclick', (event) => event.waitUntil(onClick(event)));
