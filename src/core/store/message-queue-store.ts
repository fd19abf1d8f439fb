import type { ImageAttachment } from '../../shared/threads';
import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';

/** A queued message as kept on disk: with its images' bytes, so a restart loses nothing typed. */
export interface StoredQueuedMessage {
  id: string;
  text: string;
  createdAt: number;
  images?: ImageAttachment[];
}

function isStored(value: unknown): value is StoredQueuedMessage {
  const v = value as Partial<StoredQueuedMessage> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.text === 'string' &&
    typeof v.createdAt === 'number' &&
    (v.images === undefined || Array.isArray(v.images))
  );
}

/**
 * threadId → the messages queued in it, in order, in `<stateDir>/queued-messages.json`. Loaded once, written
 * atomically (0600) after every change, writes serialized so a later state never lands before an earlier one.
 */
export class MessageQueueStore {
  private cache: Map<string, StoredQueuedMessage[]> | undefined;
  private loading: Promise<Map<string, StoredQueuedMessage[]>> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly onWarning: (message: string) => void = () => {},
  ) {}

  async get(threadId: string): Promise<StoredQueuedMessage[]> {
    return [...((await this.load()).get(threadId) ?? [])];
  }

  /** Threads with something queued (at start: their queues wait for the user). */
  async threadIds(): Promise<string[]> {
    return [...(await this.load()).keys()];
  }

  async set(threadId: string, items: StoredQueuedMessage[]): Promise<void> {
    const map = await this.load();
    if (items.length) map.set(threadId, [...items]);
    else if (!map.delete(threadId)) return;
    await this.persist(map);
  }

  async flush(): Promise<void> {
    await this.writing.catch(() => undefined);
  }

  private load(): Promise<Map<string, StoredQueuedMessage[]>> {
    if (this.cache) return Promise.resolve(this.cache);
    this.loading ??= (async () => {
      const raw = await readJsonOrDefault(this.file, {}, this.onWarning);
      const map = new Map<string, StoredQueuedMessage[]>();
      if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
        for (const [threadId, items] of Object.entries(raw)) {
          const kept = Array.isArray(items) ? items.filter(isStored) : [];
          if (kept.length) map.set(threadId, kept);
        }
      } else {
        this.onWarning('queued-messages.json did not hold an object; starting with no queued messages.');
      }
      this.cache = map;
      return map;
    })();
    return this.loading;
  }

  private persist(map: Map<string, StoredQueuedMessage[]>): Promise<void> {
    const snapshot = Object.fromEntries(map);
    const next = this.writing.catch(() => undefined).then(() => writeJsonAtomic(this.file, snapshot));
    this.writing = next;
    return next;
  }
}
