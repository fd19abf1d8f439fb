import type { ComposerCatalog, FileMatch } from '../../shared/composer';
import { fallbackCatalog, probeCatalog } from '../../core/composer/probe-catalog';
import { FileIndex } from '../../core/composer/file-index';
import { buildChildEnv } from '../../core/claude-code-wire/child-env';
import { resolveProjectDir } from '../../core/turn/spawn-plan';
import type { Spawner } from '../../core/claude-code-wire/spawned-process';
import type { DataDirLayout } from '../../core/store/data-dir';
import type { ThreadSettings } from '../../shared/threads';

/** How the CLI is started for a catalog probe (the same binary, PATH and key a turn would use). */
export interface CatalogCli {
  file: string;
  prefixArgs?: string[];
  /** The whole PATH the child gets (CliService.childPathEnv). */
  pathEnv?: string;
  savedApiKey?: string;
}

export interface ComposerServiceDeps {
  layout: Pick<DataDirLayout, 'workspaceDir'>;
  settingsOf: (threadId: string | undefined) => ThreadSettings;
  /** The CLI to ask, or a sentence why there is none. */
  cli: () => Promise<CatalogCli | string>;
  env: NodeJS.ProcessEnv;
  spawner: Spawner;
  now?: () => number;
  log?: (message: string) => void;
}

/** A cached catalog or index is served at once and refreshed behind the scenes after this long. */
const FRESH_MS = 30_000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
  /** Its replacement is being made: later asks wait for that one instead of starting another. */
  refreshing?: boolean;
}

/**
 * What the composer's pickers show, per project folder: the CLI's commands and models (one short-lived
 * `initialize` probe, recorded case 30) and the folder's file index. Both are cached per folder and refreshed
 * stale-while-revalidate, so opening a picker never waits on a disk crawl or a process twice.
 */
export class ComposerService {
  private readonly catalogs = new Map<string, Cached<ComposerCatalog>>();
  private readonly indexes = new Map<string, Cached<FileIndex>>();
  private readonly now: () => number;

  constructor(private readonly deps: ComposerServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async catalog(threadId?: string): Promise<ComposerCatalog> {
    const dir = await this.projectDir(threadId);
    if (!dir) return fallbackCatalog("The thread's project folder does not exist.");
    return this.cached(
      this.catalogs,
      dir,
      () => this.probe(dir),
      (c) => !c.problem,
    );
  }

  /**
   * The @-picker's answer. The first time a folder is asked for, its index starts and answers at once from the
   * files found so far (`indexing` says so, and the picker asks again); a stale index keeps answering while its
   * replacement is built whole behind it, so the list never shrinks back to a partial one.
   */
  async searchFiles(
    threadId: string | undefined,
    query: string,
    limit: number,
  ): Promise<{ matches: FileMatch[]; truncated: boolean; total: number; indexing: boolean; refreshing: boolean }> {
    const dir = await this.projectDir(threadId);
    if (!dir) return { matches: [], truncated: false, total: 0, indexing: false, refreshing: false };
    const index = await this.cached(
      this.indexes,
      dir,
      (stale) => (stale ? FileIndex.build(dir) : Promise.resolve(FileIndex.start(dir))),
      () => true,
    );
    return {
      matches: index.search(query, limit),
      truncated: index.truncated,
      total: index.files.length,
      indexing: !index.complete,
      refreshing: this.indexes.get(dir)?.refreshing === true,
    };
  }

  /**
   * A turn ended in this thread's folder: the agent may have made or removed files, so the next @ lists the folder
   * again (answering from the old listing meanwhile) instead of waiting out the 30 s.
   */
  async filesMayHaveChanged(threadId: string): Promise<void> {
    const dir = await this.projectDir(threadId);
    const hit = dir ? this.indexes.get(dir) : undefined;
    if (hit && !hit.refreshing) hit.at = Number.NEGATIVE_INFINITY;
  }

  /** Forget what was learnt about a folder (its commands may have changed). */
  invalidate(): void {
    this.catalogs.clear();
  }

  private async cached<T>(
    map: Map<string, Cached<T>>,
    key: string,
    load: (stale: boolean) => Promise<T>,
    keep: (v: T) => boolean,
  ): Promise<T> {
    const hit = map.get(key);
    if (hit && (hit.refreshing || this.now() - hit.at < FRESH_MS)) return hit.value;
    if (hit) hit.refreshing = true;
    const fresh: Cached<T> = { at: this.now(), value: load(hit !== undefined) };
    const settle = fresh.value.then(
      (v) => {
        if (!keep(v))
          map.delete(key); // a failure is not cached: the next open asks again
        else map.set(key, fresh);
        return v;
      },
      (err: unknown) => {
        map.delete(key);
        throw err;
      },
    );
    if (!hit) {
      map.set(key, fresh);
      return settle;
    }
    // Stale: answer with what we have, refresh for next time.
    settle.catch((err: unknown) => this.deps.log?.(`composer refresh failed: ${String(err)}`));
    return hit.value;
  }

  private async probe(dir: string): Promise<ComposerCatalog> {
    const cli = await this.deps.cli();
    if (typeof cli === 'string') return fallbackCatalog(cli);
    const env = buildChildEnv({
      baseEnv: this.deps.env,
      savedApiKey: cli.savedApiKey,
      pathEnv: cli.pathEnv,
    });
    return probeCatalog({ file: cli.file, prefixArgs: cli.prefixArgs, cwd: dir, env, spawner: this.deps.spawner });
  }

  private projectDir(threadId: string | undefined): Promise<string | null> {
    return resolveProjectDir({ settings: this.deps.settingsOf(threadId), layout: this.deps.layout });
  }
}
