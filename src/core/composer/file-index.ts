import fs from 'node:fs';
import path from 'node:path';
import { fdir } from 'fdir';
import type { FileMatch } from '../../shared/composer';
import { GitignoreRules } from './gitignore-rules';
import { isSubsequence, matchPositions, PIECE_MIN, scorePath, TopK } from './path-match';

/** More files than this are not indexed (the picker says so): a home folder is not a project. */
export const MAX_INDEXED_FILES = 300_000;
/** Folders never worth offering, even without a .gitignore that says so. */
const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

/** How many recent queries keep their matches (a path typed out is ~30 keystrokes; 90,000 matches ≈ 360 KB). */
const RECENT_QUERIES = 32;

/** One query's matches and how many files the index held then (files found later are tested on top). */
interface Narrowed {
  query: string;
  matches: Int32Array;
  scanned: number;
}

export interface FileIndexOptions {
  /** Offer files under hidden folders (`.github/…`); default off. Hidden files at any level stay offered. */
  includeHidden?: boolean;
  maxFiles?: number;
}

/**
 * The files of one project folder, for the @-picker. The crawl (fdir, async, every .gitignore on the way
 * honoured relative to its own folder) streams into the index, so a search answers from the files found so far
 * while it runs (`complete` tells). Each file is kept once as typed and once lowercase, with where its name
 * starts: a keystroke is one pass of `path-match` over those arrays, never the disk, never a sort of the
 * whole list. 100,000 files: figures in `npm run bench`.
 */
export class FileIndex {
  readonly files: string[] = [];
  private readonly lower: string[] = [];
  private readonly nameStart: number[] = [];
  private readonly depth: number[] = [];
  private done = false;
  private hitCap = false;
  /** The last queries' matches, oldest first. */
  private recent: Narrowed[] = [];
  /** Settles when the crawl has ended (it never rejects: an unreadable folder is just left out). */
  readonly ready: Promise<void>;

  private constructor(
    readonly root: string,
    private readonly options: FileIndexOptions,
  ) {
    this.ready = this.crawl().finally(() => {
      this.done = true;
    });
  }

  /** Starts the crawl and returns at once: the index fills while the caller goes on. */
  static start(root: string, options: FileIndexOptions = {}): FileIndex {
    return new FileIndex(root, options);
  }

  /** The whole index, once the crawl has ended. */
  static async build(root: string, options: FileIndexOptions = {}): Promise<FileIndex> {
    const index = FileIndex.start(root, options);
    await index.ready;
    return index;
  }

  get complete(): boolean {
    return this.done;
  }

  get truncated(): boolean {
    return this.hitCap;
  }

  /** Best matches for what was typed after `@` (empty: the shallowest files first, by name). */
  search(query: string, limit = 50): FileMatch[] {
    const q = query.trim().toLowerCase();
    const byDepthThenName = (a: number, b: number): number => {
      const d = this.depth[a]! - this.depth[b]!;
      if (d) return d;
      const pa = this.lower[a]!;
      const pb = this.lower[b]!;
      return pa < pb ? -1 : pa > pb ? 1 : 0;
    };
    const top = new TopK(limit, byDepthThenName);
    if (!q) {
      for (let i = 0; i < this.files.length; i++) top.offer(i, 0);
      return top.result().map((i) => ({ path: this.files[i]!, positions: [] }));
    }
    for (const i of this.narrow(q)) {
      // Once the kept ones all hold the query in one piece, a file without it cannot get in.
      const score = scorePath(q, this.lower[i]!, this.nameStart[i]!, top.floor >= PIECE_MIN);
      if (score >= 0) top.offer(i, score);
    }
    return top.result().map((i) => ({ path: this.files[i]!, positions: matchPositions(q, this.lower[i]!) }));
  }

  /**
   * The files whose path holds the query's letters in order. A path that does not match `abc` cannot match
   * `abcd`: so a keystroke tests only the matches of the longest recent query it extends (typing on, or back
   * to an earlier prefix after a backspace), plus whatever the crawl has found since.
   */
  private narrow(q: string): Int32Array {
    const n = this.files.length;
    let from: Narrowed | undefined;
    for (const r of this.recent) if (q.startsWith(r.query) && (!from || r.query.length > from.query.length)) from = r;
    if (from && from.query === q && from.scanned === n) return from.matches;
    const out = new Int32Array((from ? from.matches.length : 0) + n - (from ? from.scanned : 0));
    let k = 0;
    if (from) for (const i of from.matches) if (isSubsequence(q, this.lower[i]!)) out[k++] = i;
    for (let i = from ? from.scanned : 0; i < n; i++) if (isSubsequence(q, this.lower[i]!)) out[k++] = i;
    const matches = out.slice(0, k);
    this.recent = [
      ...this.recent.filter((r) => r.query !== q).slice(-(RECENT_QUERIES - 1)),
      { query: q, matches, scanned: n },
    ];
    return matches;
  }

  private add(rel: string): void {
    const lower = rel.toLowerCase();
    const slash = rel.lastIndexOf('/');
    let depth = 0;
    for (let i = 0; i < slash; i++) if (rel.charCodeAt(i) === 47) depth++;
    this.files.push(rel);
    this.lower.push(lower);
    this.nameStart.push(slash + 1);
    this.depth.push(slash < 0 ? 0 : depth + 1);
  }

  private async crawl(): Promise<void> {
    const { root } = this;
    const max = this.options.maxFiles ?? MAX_INDEXED_FILES;
    const rules: GitignoreRules[] = [];
    const loadRules = (dirAbs: string): void => {
      let text: string;
      try {
        text = fs.readFileSync(path.join(dirAbs, '.gitignore'), 'utf8');
      } catch {
        return;
      }
      const rel = toPosix(path.relative(root, dirAbs));
      rules.push(new GitignoreRules(rel ? `${rel}/` : '', text));
    };
    loadRules(root);
    const full = (): boolean => {
      if (this.files.length < max) return false;
      this.hitCap = true;
      return true;
    };
    await new fdir()
      .withRelativePaths()
      .withPathSeparator('/')
      .exclude((name, dirPath) => {
        if (ALWAYS_SKIPPED.has(name) || (!this.options.includeHidden && name.startsWith('.'))) return true;
        if (full()) return true;
        const rel = toPosix(path.relative(root, dirPath));
        if (rules.some((r) => r.ignoresDir(rel))) return true;
        loadRules(dirPath); // its .gitignore governs what is under it
        return false;
      })
      // Each file goes straight into the index (and not into fdir's own list): searchable while the crawl runs.
      .filter((rel, isDir) => {
        if (isDir || rel === '' || full()) return false;
        const nameStart = rel.lastIndexOf('/') + 1;
        if (!rules.some((r) => r.ignoresFile(rel, nameStart))) this.add(rel);
        return false;
      })
      .crawl(root)
      .withPromise()
      .catch(() => undefined);
  }
}

const toPosix = (p: string): string => (path.sep === '/' ? p : p.split(path.sep).join('/'));
