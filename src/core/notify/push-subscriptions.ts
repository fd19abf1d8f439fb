import { readJsonOrDefault, writeJsonAtomic } from '../store/atomic-write';

/** One browser's push subscription, for one paired device. */
export interface StoredSubscription {
  deviceId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  addedAt: number;
}

/** A device may have a few browsers (Safari and a Home Screen app); beyond this the oldest goes. */
const MAX_PER_DEVICE = 4;
const MAX_DEVICES = 64;

function isStored(value: unknown): value is StoredSubscription {
  const s = value as Partial<StoredSubscription> | null;
  return (
    typeof s?.deviceId === 'string' &&
    typeof s.endpoint === 'string' &&
    typeof s.keys?.p256dh === 'string' &&
    typeof s.keys.auth === 'string' &&
    typeof s.addedAt === 'number'
  );
}

/**
 * The push subscriptions per paired device, in one file of the data dir's state (0600, written atomically). Each
 * change reads the file first, so two Claude Desks on one data dir don't take back each other's; changes in this
 * process are made one at a time.
 */
export class PushSubscriptions {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  async all(): Promise<StoredSubscription[]> {
    const raw = await readJsonOrDefault(this.file, { subscriptions: [] }, this.warn);
    const list = (raw as { subscriptions?: unknown }).subscriptions;
    return Array.isArray(list) ? list.filter(isStored) : [];
  }

  add(sub: Omit<StoredSubscription, 'addedAt'>, now: number): Promise<void> {
    return this.change((list) => {
      const others = list.filter((s) => s.endpoint !== sub.endpoint);
      const mine = others.filter((s) => s.deviceId === sub.deviceId);
      const devices = new Set(others.map((s) => s.deviceId));
      if (!devices.has(sub.deviceId) && devices.size >= MAX_DEVICES)
        throw new Error('Too many devices have notifications on; revoke one you no longer use.');
      const dropped = new Set(mine.slice(0, Math.max(0, mine.length - MAX_PER_DEVICE + 1)).map((s) => s.endpoint));
      return [...others.filter((s) => !dropped.has(s.endpoint)), { ...sub, addedAt: now }];
    });
  }

  /** Drop subscriptions: one device's (it was revoked), one endpoint (the push service said it is gone). */
  remove(which: { deviceId?: string; endpoint?: string }): Promise<void> {
    return this.change((list) =>
      list.filter(
        (s) =>
          !(
            (which.deviceId === undefined || s.deviceId === which.deviceId) &&
            (which.endpoint === undefined || s.endpoint === which.endpoint)
          ),
      ),
    );
  }

  private change(edit: (list: StoredSubscription[]) => StoredSubscription[]): Promise<void> {
    const next = this.chain.then(async () => {
      const before = await this.all();
      const after = edit(before);
      if (after.length === before.length && after.every((s, i) => s === before[i])) return;
      await writeJsonAtomic(this.file, { subscriptions: after });
    });
    this.chain = next.catch(() => {});
    return next;
  }
}
