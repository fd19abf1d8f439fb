import fs from 'node:fs';
import path from 'node:path';
import { fdir } from 'fdir';
import fuzzysort from 'fuzzysort';
import ignore, { type Ignore } from 'ignore';
import type { FileMatch } from '../../shared/composer';

type Prepared = ReturnType<typeof fuzzysort.prepare>;

/** More files than this are not indexed (the picker says so): a home folder is not a project. */
export const MAX_INDEXED_FILES = 300_000;
/** Folders never worth offering, even without a .gitignore that says so. */
const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

export interface FileIndexOptions {
  /** Offer files under hidden folders (`.github/…`); default off. Hidden files at any level stay offered. */
  includeHidden?: boolean;
  maxFiles?: number;
}

interface Rules {
  /** Folder of the .gitignore, relative to the root with a trailing `/` ('' for the root). */
  base: string;
  ig: Ignore;
}

/**
 * The files of one project folder, for the @-picker: crawled once with fdir (every .gitignore on the way is
 * honoured, relative to its own folder), then searched with fuzzysort on a prepared snapshot, so a keystroke
 * never touches the disk. 100,000 files: ready in well under a second, a query in a few ms (`npm run bench`).
 */
export class FileIndex {
  private constructor(
    readonly root: string,
    readonly files: readonly string[],
    readonly truncated: boolean,
  ) {
    this.lower = files.map((f) => f.toLowerCase());
    this.prepared = new Array<Prepared | undefined>(files.length);
    this.prepareInBackground(0);
  }

  private readonly prepared: (Prepared | undefined)[];

  /** fuzzysort's per-path preparation, in slices between other work: the index is usable before it ends. */
  private prepareInBackground(from: number): void {
    const end = Math.min(this.files.length, from + 5_000);
    for (let i = from; i < end; i++) this.preparedAt(i);
    if (end < this.files.length) setImmediate(() => this.prepareInBackground(end));
  }

  private preparedAt(i: number): Prepared {
    return (this.prepared[i] ??= fuzzysort.prepare(this.files[i]!));
  }

  private readonly lower: string[];
  private all: Int32Array | undefined;
  private last: { query: string; matches: Int32Array } | undefined;

  static async build(root: string, options: FileIndexOptions = {}): Promise<FileIndex> {
    const max = options.maxFiles ?? MAX_INDEXED_FILES;
    const rules: Rules[] = [];
    const loadRules = (dirAbs: string): void => {
      let text: string;
      try {
        text = fs.readFileSync(path.join(dirAbs, '.gitignore'), 'utf8');
      } catch {
        return;
      }
      const rel = toPosix(path.relative(root, dirAbs));
      rules.push({ base: rel ? `${rel}/` : '', ig: ignore().add(text) });
    };
    const ignored = (rel: string, isDir: boolean): boolean => {
      for (const r of rules) {
        if (!rel.startsWith(r.base)) continue;
        const inner = rel.slice(r.base.length);
        if (inner && r.ig.ignores(isDir ? `${inner}/` : inner)) return true;
      }
      return false;
    };
    loadRules(root);
    let count = 0;
    let truncated = false;
    const crawler = new fdir()
      .withRelativePaths()
      .withPathSeparator('/')
      .exclude((name, dirPath) => {
        if (ALWAYS_SKIPPED.has(name) || (!options.includeHidden && name.startsWith('.'))) return true;
        if (count >= max) {
          truncated = true;
          return true;
        }
        const rel = toPosix(path.relative(root, dirPath));
        if (ignored(rel, true)) return true;
        loadRules(dirPath); // its .gitignore governs what is under it
        return false;
      })
      .filter((rel, isDir) => {
        if (isDir) return false;
        if (count >= max) {
          truncated = true;
          return false;
        }
        if (ignored(rel, false)) return false;
        count++;
        return true;
      });
    const files = (await crawler.crawl(root).withPromise()).filter((f) => f !== '');
    // Shallow first, then by name (a plain comparison: localeCompare costs ~20× more on 100,000 paths).
    const keyed = files.map((f) => ({ f, d: depth(f) }));
    keyed.sort((a, b) => a.d - b.d || (a.f < b.f ? -1 : a.f > b.f ? 1 : 0));
    const sorted = keyed.map((k) => k.f);
    return new FileIndex(root, sorted, truncated);
  }

  /** Best matches for what was typed after `@` (empty: the shallowest files first). */
  search(query: string, limit = 50): FileMatch[] {
    const q = query.trim();
    if (!q) return this.files.slice(0, limit).map((p) => ({ path: p, positions: [] }));
    const candidates = this.narrow(q.toLowerCase());
    if (candidates.length <= FUZZY_RANK_MAX) {
      const targets = Array.from(candidates, (i) => this.preparedAt(i));
      return fuzzysort
        .go(q, targets, { limit, threshold: 0 })
        .map((r) => ({ path: r.target, positions: [...r.indexes] }));
    }
    return this.rankCheaply(q.toLowerCase(), candidates, limit);
  }

  /**
   * The files whose path holds the query's letters in order. Typing only ever extends the query, and a path
   * that does not match `abc` cannot match `abcd`: so each keystroke tests only the previous keystroke's set.
   */
  private narrow(q: string): Int32Array {
    const last = this.last;
    let from: Int32Array | undefined = last && q.startsWith(last.query) ? last.matches : undefined;
    if (last && last.query === q) return last.matches;
    from ??= this.all ??= Int32Array.from(this.files, (_, i) => i);
    const out = new Int32Array(from.length);
    let n = 0;
    for (const i of from) if (isSubsequence(q, this.lower[i]!)) out[n++] = i;
    const matches = out.slice(0, n);
    this.last = { query: q, matches };
    return matches;
  }

  /** Too many matches to score them all per keystroke: name hits, then path hits, then the rest, shallow first. */
  private rankCheaply(q: string, candidates: Int32Array, limit: number): FileMatch[] {
    const tiers: number[][] = [[], [], []];
    for (const i of candidates) {
      const p = this.lower[i]!;
      const at = p.lastIndexOf(q);
      const tier = at < 0 ? 2 : at >= p.lastIndexOf('/') + 1 ? 0 : 1;
      if (tiers[tier]!.length < limit) tiers[tier]!.push(i);
      if (tiers[0]!.length >= limit) break;
    }
    return tiers
      .flat()
      .slice(0, limit)
      .map((i) => ({ path: this.files[i]!, positions: positionsOf(q, this.lower[i]!) }));
  }
}

/** Above this many candidates a keystroke ranks cheaply instead of fuzzy-scoring each (the 30 ms budget). */
const FUZZY_RANK_MAX = 3_000;

function isSubsequence(q: string, s: string): boolean {
  let j = 0;
  for (let i = 0; i < s.length && j < q.length; i++) if (s.charCodeAt(i) === q.charCodeAt(j)) j++;
  return j === q.length;
}

function positionsOf(q: string, s: string): number[] {
  const at = s.lastIndexOf(q);
  if (at >= 0) return Array.from({ length: q.length }, (_, k) => at + k);
  const out: number[] = [];
  for (let i = 0, j = 0; i < s.length && j < q.length; i++) {
    if (s.charCodeAt(i) !== q.charCodeAt(j)) continue;
    out.push(i);
    j++;
  }
  return out;
}

const toPosix = (p: string): string => (path.sep === '/' ? p : p.split(path.sep).join('/'));
const depth = (p: string): number => p.split('/').length;
