/**
 * The calls of notifications (issue 51 item 6), spread into contract.ts's `calls`. `subscribePush` is for a paired
 * device: the phone feature's gate sets `deviceId` on it; without one (the computer itself) it is refused. The ntfy
 * settings are the computer's alone.
 */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { NotifyCallName } from './notify-names';
import type { NotifyState } from '../notify';

const base64url = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'a key is base64url');

export const pushSubscriptionSchema = z
  .object({
    endpoint: z.string().min(1).max(2048),
    /** A browser adds expirationTime (mostly null): accepted and not kept. */
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url, auth: base64url }).strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

const deviceId = z.string().min(1).max(200).optional();

export const notifyCalls = {
  /** The VAPID public key (base64url) a page passes to `pushManager.subscribe` as its applicationServerKey. */
  getPushKey: call<{ publicKey: string }>()(z.undefined()),
  /** Keep this browser's push subscription for the paired device that sends it (its endpoint checked first). */
  subscribePush: call<null>()(z.object({ deviceId, subscription: pushSubscriptionSchema }).strict()),
  /** Drop one of the device's subscriptions (the page turned notifications off). */
  unsubscribePush: call<null>()(z.object({ deviceId, endpoint: z.string().min(1).max(2048) }).strict()),
  getNotify: call<NotifyState>()(z.undefined()),
  /**
   * Settings → notifications: the ntfy server (https), topic, token (kept like the API key) and whether titles go
   * to it. An empty server turns ntfy off; `token: ''` forgets the token.
   */
  setNotify: call<NotifyState>()(
    z
      .object({
        ntfyServer: z.string().max(500).optional(),
        ntfyTopic: z.string().max(64).optional(),
        ntfyToken: z.string().max(500).optional(),
        ntfyTitles: z.boolean().optional(),
      })
      .strict(),
  ),
  /** Send a test notification to ntfy and every push subscription; the answer says in one sentence what happened. */
  testNotify: call<{ ok: boolean; message: string }>()(z.undefined()),
} satisfies CallsOf<NotifyCallName>;
