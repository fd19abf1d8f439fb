/** Plain-text search over a thread's title and message text (pure; the store feeds it and caches docs). */
import type { ChatMessage, ThreadSummary } from '../../shared/threads';
import { plainText } from '../../shared/thread-title';
import { snippetToolErrorText } from '../../shared/tool-error-text';

export interface ThreadSearchHit {
  thread: ThreadSummary;
  snippet: string;
}

/**
 * Searches threads most recent first, keeping each thread's text in memory between searches
 * (typing in the search box searches on every key). A cached thread is re-read only when its log grew.
 */
export class ThreadSearcher {
  private readonly cache = new Map<string, { version: number; docs: SearchDoc[] }>();

  constructor(
    private readonly source: {
      list(): Promise<ThreadSummary[]>;
      /** Changes whenever the thread's content may have changed (the store passes its log size). */
      version(id: string): number | undefined;
      messages(id: string): Promise<ChatMessage[] | undefined>;
    },
  ) {}

  async search(query: string, limit = 20): Promise<ThreadSearchHit[]> {
    const terms = searchTerms(query);
    const out: ThreadSearchHit[] = [];
    if (terms.length === 0) return out;
    for (const thread of await this.source.list()) {
      if (out.length >= limit) break;
      const snippet = matchThread(thread.title, await this.docs(thread.id), terms);
      if (snippet !== undefined) out.push({ thread, snippet });
    }
    return out;
  }

  forget(id: string): void {
    this.cache.delete(id);
  }

  /**
   * Reads every thread's text ahead of the first search, one thread per macrotask (a turn's events and the
   * window's calls go first), so the first query is as fast as the next (bench/thread-search.bench.ts).
   */
  async warm(isStopped: () => boolean = () => false): Promise<number> {
    let read = 0;
    for (const thread of await this.source.list()) {
      if (isStopped()) break;
      await this.docs(thread.id);
      read++;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return read;
  }

  private async docs(id: string): Promise<SearchDoc[]> {
    const version = this.source.version(id);
    const cached = this.cache.get(id);
    if (version === undefined) return [];
    if (cached?.version === version) return cached.docs;
    const docs = toSearchDocs((await this.source.messages(id)) ?? []);
    this.cache.set(id, { version, docs });
    return docs;
  }
}

export interface SearchDoc {
  text: string;
  lower: string;
}

/**
 * What a person reads in a message, as plain text: user text and assistant text parts without their markdown
 * syntax (a snippet shows no `##` or `|`; code keeps its lines). Tool payloads and thinking are left out.
 */
export function readableText(m: ChatMessage): string {
  return plainText(messageText(m), { keepCode: true })
    .replace(/[ \t]*\n\s*/g, '\n')
    .trim();
}

/** A message's own text: user text, assistant text parts (markdown as written). */
export function messageText(m: ChatMessage): string {
  if (m.role === 'user') return m.text;
  return m.parts
    .filter((p) => p.kind === 'text')
    .map((p) => p.text)
    .join('\n');
}

export function toSearchDocs(messages: ChatMessage[]): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const m of messages) {
    const text = readableText(m);
    if (text) docs.push({ text, lower: text.toLowerCase() });
  }
  return docs;
}

export function searchTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
}

/**
 * Every term must appear somewhere in the thread (title or any message). Returns the snippet, or
 * undefined for no match. The snippet surrounds the earliest hit in the first message that has one;
 * a thread that matched only by its title shows the start of its first message.
 */
export function matchThread(title: string, docs: SearchDoc[], terms: string[]): string | undefined {
  if (terms.length === 0) return undefined;
  const lowerTitle = title.toLowerCase();
  for (const term of terms) {
    if (!lowerTitle.includes(term) && !docs.some((d) => d.lower.includes(term))) return undefined;
  }
  for (const doc of docs) {
    let first = -1;
    let length = 0;
    for (const term of terms) {
      const i = doc.lower.indexOf(term);
      if (i >= 0 && (first < 0 || i < first)) {
        first = i;
        length = term.length;
      }
    }
    if (first >= 0) return snippetAround(doc.text, first, length);
  }
  return snippetAround(docs[0]?.text ?? title, 0, 0);
}

export function snippetAround(text: string, at: number, length: number, before = 40, after = 100): string {
  const { start, end } = snippetBounds(text, at, length, before, after);
  return formatSnippet(text.slice(start, end), start > 0, end < text.length);
}

/** Where snippetAround cuts `text`: a window around the hit, on word boundaries when one is near. */
export function snippetBounds(
  text: string,
  at: number,
  length: number,
  before = 40,
  after = 100,
): { start: number; end: number } {
  let start = Math.max(0, at - before);
  let end = Math.min(text.length, at + length + after);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > at + length) end = space;
  }
  return { start, end };
}

/** The cut text with whitespace folded and an ellipsis on each side that was cut. */
export function formatSnippet(body: string, cutBefore: boolean, cutAfter: boolean): string {
  const text = snippetToolErrorText(body.replace(/\s+/g, ' ')).trim();
  return `${cutBefore ? '…' : ''}${text}${cutAfter ? '…' : ''}`;
}
