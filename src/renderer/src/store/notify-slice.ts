import type { NotifyState } from '../../../shared/notify';
import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';

type NotifyPatch = { ntfyServer?: string; ntfyTopic?: string; ntfyToken?: string; ntfyTitles?: boolean };

/** This browser's Web Push, on a paired device's page. */
export type PushState = 'unknown' | 'unsupported' | 'off' | 'denied' | 'working' | 'on';

/** Where the service worker is served (browser mode and the phone listener serve the renderer's public files). */
export const NOTIFY_WORKER_URL = '/notify-worker.js';

/** The message the service worker posts to an open page when a notification is tapped. */
export const OPEN_THREAD_MESSAGE = 'claude-desk:open-thread';

/** Settings → Notifications (the computer) and "Turn on notifications" (a paired device's page). */
export interface NotifySlice {
  notify: NotifyState | null;
  /** What went wrong saving or reading, in one sentence. */
  notifyError: string | null;
  notifyTest: { ok: boolean; message: string } | null;
  loadNotify(): Promise<void>;
  saveNotify(patch: NotifyPatch): Promise<boolean>;
  testNotify(): Promise<void>;
  pushState: PushState;
  pushMessage: string | null;
  /** Whether this browser can have notifications and already has them on (no prompt). */
  checkPush(): Promise<void>;
  /** Asks for permission: call from a click only (browsers refuse, and users dislike, a prompt on load). */
  turnOnPush(): Promise<void>;
  turnOffPush(): Promise<void>;
}

declare module './desk-state' {
  interface DeskState extends NotifySlice {}
}

const UNSUPPORTED =
  'This browser cannot show notifications from Claude Desk. On iPhone and iPad, add Claude Desk to the Home Screen (Share → Add to Home Screen) and open it from there.';
const DENIED =
  'Notifications are blocked for this page. Allow them in the browser’s site settings, then turn them on here again.';

function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

export const createNotifySlice: Slice<NotifySlice> = (set, get) => ({
  notify: null,
  notifyError: null,
  notifyTest: null,
  pushState: 'unknown',
  pushMessage: null,

  async loadNotify() {
    try {
      set({ notify: await getApi().getNotify(), notifyError: null });
    } catch (err) {
      set({ notifyError: `Notifications could not be read: ${errorText(err)}` });
    }
  },

  async saveNotify(patch) {
    try {
      set({ notify: await getApi().setNotify(patch), notifyError: null, notifyTest: null });
      return true;
    } catch (err) {
      set({ notifyError: errorText(err) });
      return false;
    }
  },

  async testNotify() {
    set({ notifyTest: null });
    try {
      const result = await getApi().testNotify();
      set({ notifyTest: result });
    } catch (err) {
      set({ notifyTest: { ok: false, message: errorText(err) } });
    }
    await get().loadNotify();
  },

  async checkPush() {
    if (!pushSupported()) return set({ pushState: 'unsupported', pushMessage: UNSUPPORTED });
    if (Notification.permission === 'denied') return set({ pushState: 'denied', pushMessage: DENIED });
    const reg = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
    const sub = await reg?.pushManager.getSubscription().catch(() => null);
    set({ pushState: sub && Notification.permission === 'granted' ? 'on' : 'off', pushMessage: null });
  },

  async turnOnPush() {
    if (!pushSupported()) return set({ pushState: 'unsupported', pushMessage: UNSUPPORTED });
    set({ pushState: 'working', pushMessage: null });
    try {
      // Asked first, inside the click, before anything else awaits (Safari wants the gesture still fresh).
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return set({ pushState: 'denied', pushMessage: DENIED });
      await navigator.serviceWorker.register(NOTIFY_WORKER_URL, { scope: '/' });
      const reg = await navigator.serviceWorker.ready;
      const key = keyBytes((await getApi().getPushKey()).publicKey);
      let sub = await reg.pushManager.getSubscription();
      // Subscribed with another computer's key (the data dir was moved): start over.
      if (sub && !sameKey(sub.options.applicationServerKey, key)) {
        await sub.unsubscribe();
        sub = null;
      }
      sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      const json = sub.toJSON();
      await getApi().subscribePush({
        subscription: {
          endpoint: sub.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      });
      set({ pushState: 'on', pushMessage: 'Notifications are on for this device.' });
    } catch (err) {
      set({ pushState: 'off', pushMessage: `Notifications could not be turned on: ${errorText(err)}` });
    }
  },

  async turnOffPush() {
    set({ pushState: 'working', pushMessage: null });
    try {
      const reg = await navigator.serviceWorker.getRegistration('/');
      const sub = await reg?.pushManager.getSubscription();
      if (sub) {
        await getApi()
          .unsubscribePush({ endpoint: sub.endpoint })
          .catch(() => {});
        await sub.unsubscribe();
      }
      set({ pushState: 'off', pushMessage: 'Notifications are off for this device.' });
    } catch (err) {
      set({ pushState: 'on', pushMessage: `Notifications could not be turned off: ${errorText(err)}` });
    }
  },
});
