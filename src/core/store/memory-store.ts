import { randomBytes } from 'node:crypto';
import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';
import { rankDocs } from './memory-search';
import { memorySchema, type Memory } from '../../shared/memory';

/** The memory shape is part of the IPC contract (the Settings → Memory panel shows it). */
export type { Memory };

export interface MemoryPage {
  items: Memory[];
  /** Pass back as `cursor` for the next (older) page; absent on the last page. */
  nextCursor?: string;
}

export interface MemoryListOptions {
  tag?: string;
  limit?: number;
  cursor?: string;
}

export interface RecalledMemory {
  memory: Memory;
  score: number;
}

export interface MemoryStore {
  learn(content: string, tags?: readonly string[]): Promise<Memory>;
  /** True when something was deleted. */
  forget(id: string): Promise<boolean>;
  fetch(id: string): Promise<Memory | undefined>;
  /** Newest first (by creation, so editing a memory does not move it between pages). */
  list(options?: MemoryListOptions): Promise<MemoryPage>;
  update(id: string, content: string, tags?: readonly string[]): Promise<Memory | undefined>;
  /** Ranked search; best match first, newer first among equals. */
  recall(query: string, limit?: number): Promise<RecalledMemory[]>;
}

export interface MemoryStoreOptions {
  /** The layout's `memoryFile` (src/core/store/data-dir.ts). */
  file: string;
  now?: () => number;
  newId?: () => string;
  onWarning?: (message: string) => void;
}

export const MEMORY_LIMITS = {
  contentChars: 10_000,
  tags: 20,
  tagChars: 64,
  listDefault: 20,
  listMax: 500,
  recallDefault: 5,
  recallMax: 50,
} as const;

interface MemoryFile {
  version: 1;
  memories: Memory[];
}

export class MemoryValidationError extends Error {}

export function normalizeTags(tags: readonly string[] = []): string[] {
  const out = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (!tag) continue;
    if (tag.length > MEMORY_LIMITS.tagChars)
      throw new MemoryValidationError(`Tag too long (max ${MEMORY_LIMITS.tagChars} characters).`);
    out.add(tag);
  }
  if (out.size > MEMORY_LIMITS.tags) throw new MemoryValidationError(`Too many tags (max ${MEMORY_LIMITS.tags}).`);
  return [...out];
}

function normalizeContent(content: string): string {
  const text = content.trim();
  if (!text) throw new MemoryValidationError('A memory needs some content.');
  if (text.length > MEMORY_LIMITS.contentChars) {
    throw new MemoryValidationError(`Memory too long (max ${MEMORY_LIMITS.contentChars} characters).`);
  }
  return text;
}

function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.min(max, Math.max(1, Math.floor(limit)));
}

/** Newest first: createdAt desc, then id desc, so the order is total and cursors are stable. */
function newerFirst(a: Memory, b: Memory): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

// The cursor names the last item of a page by its sort key, not by position, so pages stay
// correct when memories are added (they sort before it) or deleted (including the item itself).
function encodeCursor(m: Memory): string {
  return Buffer.from(JSON.stringify([m.createdAt, m.id])).toString('base64url');
}

function decodeCursor(cursor: string): Pick<Memory, 'createdAt' | 'id'> {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'number' && typeof parsed[1] === 'string') {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through
  }
  throw new MemoryValidationError('Invalid cursor; start again without one.');
}

export function createMemoryStore(options: MemoryStoreOptions): MemoryStore {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => `mem_${randomBytes(8).toString('hex')}`);
  const warn = options.onWarning ?? (() => {});
  let loading: Promise<Map<string, Memory>> | undefined;
  // Every mutation runs after the previous one finished, so two quick `learn`s never race on the file.
  let writeChain: Promise<unknown> = Promise.resolve();

  function load(): Promise<Map<string, Memory>> {
    // The file is parsed as unknown and each memory checked on its own: one bad entry costs only itself.
    loading ??= readJsonOrDefault(options.file, { version: 1, memories: [] }, warn).then((data) => {
      const raw = data !== null && typeof data === 'object' && 'memories' in data ? data.memories : undefined;
      const list: unknown[] = Array.isArray(raw) ? raw : [];
      const valid = list.flatMap((m) => {
        const parsed = memorySchema.safeParse(m);
        return parsed.success ? [parsed.data] : [];
      });
      if (valid.length !== list.length)
        warn(`Skipped ${list.length - valid.length} unreadable memories in ${options.file}.`);
      return new Map(valid.map((m) => [m.id, m]));
    });
    return loading;
  }

  /** Apply `change` to a copy; the copy becomes current only once it is on disk (a failed write changes nothing). */
  function mutate<T>(change: (memories: Map<string, Memory>) => { result: T; dirty: boolean }): Promise<T> {
    const run = writeChain.then(async () => {
      const next = new Map(await load());
      const { result, dirty } = change(next);
      if (dirty) {
        const file: MemoryFile = { version: 1, memories: [...next.values()].sort(newerFirst) };
        await writeJsonAtomic(options.file, file);
        loading = Promise.resolve(next);
      }
      return result;
    });
    writeChain = run.catch(() => {});
    return run;
  }

  const copy = (m: Memory): Memory => ({ ...m, tags: [...m.tags] });

  return {
    async learn(content, tags) {
      const text = normalizeContent(content);
      const cleanTags = normalizeTags(tags);
      return mutate((memories) => {
        const t = now();
        const memory: Memory = { id: newId(), content: text, tags: cleanTags, createdAt: t, updatedAt: t };
        memories.set(memory.id, memory);
        return { result: copy(memory), dirty: true };
      });
    },

    forget(id) {
      return mutate((memories) => {
        const deleted = memories.delete(id);
        return { result: deleted, dirty: deleted };
      });
    },

    async fetch(id) {
      const m = (await load()).get(id);
      return m && copy(m);
    },

    async list({ tag, limit, cursor } = {}) {
      const size = clampLimit(limit, MEMORY_LIMITS.listDefault, MEMORY_LIMITS.listMax);
      const wantTag = tag?.trim().toLowerCase();
      const after = cursor ? decodeCursor(cursor) : undefined;
      const all = [...(await load()).values()]
        .filter((m) => !wantTag || m.tags.includes(wantTag))
        .sort(newerFirst)
        .filter((m) => !after || newerFirst(after as Memory, m) < 0);
      const items = all.slice(0, size).map(copy);
      const last = items.at(-1);
      return all.length > size && last ? { items, nextCursor: encodeCursor(last) } : { items };
    },

    async update(id, content, tags) {
      const text = normalizeContent(content);
      const cleanTags = tags === undefined ? undefined : normalizeTags(tags);
      return mutate((memories) => {
        const existing = memories.get(id);
        if (!existing) return { result: undefined, dirty: false };
        const updated: Memory = { ...existing, content: text, tags: cleanTags ?? existing.tags, updatedAt: now() };
        memories.set(id, updated);
        return { result: copy(updated), dirty: true };
      });
    },

    async recall(query, limit) {
      const size = clampLimit(limit, MEMORY_LIMITS.recallDefault, MEMORY_LIMITS.recallMax);
      const ranked = rankDocs([...(await load()).values()], query, size);
      return ranked.map(({ doc, score }) => ({ memory: copy(doc), score: Math.round(score * 1000) / 1000 }));
    },
  };
}
