import path from 'node:path';
import type { DeskHandlers } from '../../shared/contract';
import type { NotifyState } from '../../shared/notify';
import { checkPushEndpoint, PRODUCTION_PUSH_NETWORK, type PushNetwork } from '../../core/notify/push-endpoint';
import { PushSubscriptions } from '../../core/notify/push-subscriptions';
import { SecretFile } from '../../core/notify/secret-file';
import { loadOrCreateVapidKeys, type VapidKeys } from '../../core/notify/vapid-keys';
import type { SecretCipher } from '../../core/store/api-key-store';
import type { DeskFoundation } from '../settings/desk-foundation';
import type { ThreadsWiring } from '../threads/threads-wiring';
import { NotifyService } from './notify-service';
import { NotifySettings } from './notify-settings';

export interface NotifyWiringDeps {
  f: Pick<DeskFoundation, 'bus' | 'layout' | 'log' | 'redactor' | 'warn'>;
  threads: Pick<ThreadsWiring, 'threads'>;
  cipher?: SecretCipher | null;
  /** Where push services may be: the fixed list and public addresses. A test's fake push service widens it. */
  network?: PushNetwork;
  now?: () => number;
  /** Whether paired devices are told now (phone access on); absent, always. */
  devicesReachable?: () => boolean;
}

export type NotifyWiring = Awaited<ReturnType<typeof wireNotify>>;

const NO_DEVICE =
  'Notifications by push are for a paired phone or tablet; on this computer, Claude Desk notifies by itself.';

/**
 * Told when it matters: the turn events a user waits for go to paired devices by Web Push and to the user's ntfy
 * topic. Built on the bus's turn events (the same that badge the dock and notify the desktop), nothing in the turn
 * engine. `forgetDevice` is the phone feature's to call when a device is revoked.
 */
export async function wireNotify(d: NotifyWiringDeps) {
  const { bus, layout, log, redactor } = d.f;
  const stateDir = layout.stateDir;
  const now = d.now ?? Date.now;
  const network = d.network ?? PRODUCTION_PUSH_NETWORK;
  const subscriptions = new PushSubscriptions(path.join(stateDir, 'push-subscriptions.json'), d.f.warn);
  const token = await SecretFile.open(
    path.join(stateDir, 'ntfy-token.bin'),
    d.cipher,
    (s) => redactor.add(s),
    () => d.f.warn('The saved ntfy token could not be decrypted; enter it again in Settings → Notifications.'),
  );
  const settings = await NotifySettings.open(path.join(stateDir, 'notify.json'), token, d.f.warn);
  let keys: Promise<VapidKeys> | undefined;
  const vapid = (): Promise<VapidKeys> =>
    (keys ??= loadOrCreateVapidKeys(path.join(stateDir, 'push-vapid.json'), d.f.warn).catch((err: unknown) => {
      keys = undefined;
      throw err;
    }));
  const service = new NotifyService({
    subscriptions,
    keys: vapid,
    network,
    ntfy: () => settings.config(),
    threadTitle: (threadId) => d.threads.threads.summary(threadId)?.title ?? 'Claude Desk',
    now,
    log: (message) => log.warn(message),
    ...(d.devicesReachable ? { devicesReachable: d.devicesReachable } : {}),
  });
  const off = bus.on('turnEvent', (event) => service.turnEvent(event));

  const state = async (): Promise<NotifyState> => {
    const subs = await subscriptions.all();
    const s = settings.get();
    return {
      ntfy: {
        ...(s.ntfyServer ? { server: s.ntfyServer } : {}),
        ...(s.ntfyTopic ? { topic: s.ntfyTopic } : {}),
        hasToken: token.has(),
        tokenStorage: token.storage(),
        titles: s.ntfyTitles === true,
      },
      push: { devices: new Set(subs.map((x) => x.deviceId)).size, subscriptions: subs.length },
      ...(service.problem ? { problem: service.problem.sentence, problemAt: service.problem.at } : {}),
    };
  };

  const handlers: Pick<
    DeskHandlers,
    'getPushKey' | 'subscribePush' | 'unsubscribePush' | 'getNotify' | 'setNotify' | 'testNotify'
  > = {
    getPushKey: async () => ({ publicKey: (await vapid()).publicKey }),
    subscribePush: async ({ deviceId, subscription }) => {
      if (!deviceId) throw new Error(NO_DEVICE);
      const check = await checkPushEndpoint(subscription.endpoint, network);
      if (!check.ok) throw new Error(check.reason);
      const { p256dh, auth } = subscription.keys;
      if (Buffer.from(p256dh, 'base64url').length !== 65 || Buffer.from(auth, 'base64url').length !== 16)
        throw new Error('This browser gave a push subscription Claude Desk cannot encrypt for.');
      await subscriptions.add({ deviceId, endpoint: subscription.endpoint, keys: { p256dh, auth } }, now());
      return null;
    },
    unsubscribePush: async ({ deviceId, endpoint }) => {
      if (!deviceId) throw new Error(NO_DEVICE);
      await subscriptions.remove({ deviceId, endpoint });
      return null;
    },
    getNotify: state,
    setNotify: async (patch) => {
      await settings.set(patch);
      return state();
    },
    testNotify: () => service.test(),
  };

  return {
    service,
    subscriptions,
    handlers,
    /**
     * The Stop of the computer's own pages (the window, browser mode, the command line): its turn's end is told to
     * the devices as stopped "at the computer". A device's Stop is told by the phone feature (`service.stopAsked`).
     */
    stopAtTheComputer:
      (stopTurn: DeskHandlers['stopTurn']): DeskHandlers['stopTurn'] =>
      async (input) => {
        service.stopAsked(input.threadId, input.turnId, {});
        return stopTurn(input);
      },
    /** A device was revoked: its push subscriptions go (the phone feature calls this). */
    forgetDevice: (deviceId: string) => subscriptions.remove({ deviceId }),
    close() {
      off();
      service.close();
    },
  };
}
