import fs from 'node:fs/promises';
import path from 'node:path';
import type { RewindFile } from '../../shared/rewind';
import type { CliCheckpoints, CliCheckpointTarget } from '../../core/rewind/cli-checkpoints';
import type { FileBackups } from '../../core/rewind/file-backups';
import { isInside } from '../../core/path-inside';

/** Text previews bigger than this are not sent to the window (the list still names the file). */
const PREVIEW_MAX_BYTES = 256 * 1024;

/**
 * The part of a rewind done with Claude Code's own checkpoints: every file outside git, and inside git the files
 * Claude Desk's snapshots do not hold (ignored ones). Before the CLI restores anything, the files are copied
 * aside so the rewind can be undone and the set-aside branch's files brought back.
 */
export class CliFileRewind {
  constructor(
    private readonly cli: Pick<CliCheckpoints, 'dryRun' | 'rewind'>,
    private readonly backups: FileBackups,
  ) {}

  /**
   * The files the CLI would restore that `covered` (paths relative to `base`, already handled by a git snapshot)
   * does not hold, described for the dialog. `error`: the CLI could not answer.
   */
  async preview(
    target: CliCheckpointTarget,
    base: string,
    covered: ReadonlySet<string>,
  ): Promise<{ files: RewindFile[]; error?: string }> {
    const answer = await this.cli.dryRun(target).catch((err: unknown) => ({
      canRewind: false,
      files: [],
      error: err instanceof Error ? err.message : String(err),
    }));
    if (!answer.canRewind) return { files: [], ...(answer.error ? { error: answer.error } : {}) };
    const extra = answer.files.filter((f) => !covered.has(shown(base, f)));
    return { files: await Promise.all(extra.map((f) => describe(base, f))) };
  }

  /**
   * Restore through the CLI, after keeping every file it will touch under `backupId`. Returns the files restored
   * that `covered` does not hold (as shown to the user) and the relative paths of all it touched inside `base`.
   */
  async rewind(
    threadId: string,
    backupId: string,
    target: CliCheckpointTarget,
    base: string,
    covered: ReadonlySet<string>,
  ): Promise<{ restored: string[]; touched: string[] }> {
    const answer = await this.cli.rewind(target, (files) => this.backups.save(threadId, backupId, files));
    if (!answer.canRewind) {
      if (answer.error) throw new Error(`Claude Code could not restore the files: ${answer.error}`);
      return { restored: [], touched: [] };
    }
    const all = answer.files.map((f) => shown(base, f));
    return { restored: all.filter((f) => !covered.has(f)), touched: all.filter((f) => !path.isAbsolute(f)) };
  }

  /**
   * Bring back the files of backup `id` (a set-aside branch), after keeping the same files as they are now
   * under `saveAs`. Returns the paths as shown; empty when `id` has no backup.
   */
  async switchTo(threadId: string, id: string, saveAs: string, base: string): Promise<string[]> {
    const files = await this.backups.files(threadId, id);
    if (files.length === 0) return [];
    await this.backups.save(threadId, saveAs, files);
    return (await this.backups.restore(threadId, id)).map((f) => shown(base, f));
  }

  forget(threadId: string): Promise<void> {
    return this.backups.forget(threadId);
  }
}

/** A path as the dialog shows it: relative to the project (or work tree) when inside it, else absolute. */
function shown(base: string, file: string): string {
  const rel = path.relative(base, file);
  return rel && isInside(base, file) ? rel.split(path.sep).join('/') : file;
}

async function describe(base: string, file: string): Promise<RewindFile> {
  const bytes = await fs.readFile(file).catch(() => undefined);
  const big = bytes !== undefined && (bytes.length > PREVIEW_MAX_BYTES || bytes.includes(0));
  return {
    path: shown(base, file),
    // The CLI says which files change, not what they held: an existing file goes back (or away), a missing one returns.
    action: bytes === undefined ? 'recreate' : 'restore',
    conflict: false,
    earlierUnknown: true,
    ...(big ? { binary: true } : bytes !== undefined ? { current: bytes.toString('utf8') } : {}),
  };
}
