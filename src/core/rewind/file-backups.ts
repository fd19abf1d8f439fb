import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { removeEmptyFolders } from './empty-folders';

/**
 * Copies of files as they were just before a rewind changed them, for the files Claude Desk's git snapshots do
 * not hold (a project outside git, ignored files): Claude Code's checkpoints restore them but keep no way back,
 * so this is what makes such a rewind undoable and a set-aside branch's files reachable again.
 * Kept in the data dir, one folder per rewind: a manifest plus one file per copy, private to the user.
 */
/** The copies are this store's own `<n>.bin` files: a name that is not one never reaches a path outside the folder. */
const manifestSchema = z.object({
  files: z.array(
    z.object({
      path: z.string(),
      /** An absent file's nearest folder that existed: the folders below it were made after, and go with it. */
      madeUnder: z.string().optional(),
      copy: z
        .string()
        .regex(/^\d+\.bin$/)
        .optional(),
    }),
  ),
});
type Manifest = z.infer<typeof manifestSchema>;

const SAFE_ID = /^[A-Za-z0-9_-]{1,200}$/;

export class FileBackups {
  constructor(private readonly dir: string) {}

  private folder(threadId: string, id: string): string {
    if (!SAFE_ID.test(threadId) || !SAFE_ID.test(id)) throw new Error('backup ids must be plain identifiers');
    return path.join(this.dir, threadId, id);
  }

  /** Keep `files` (absolute paths) as they are now; a file that does not exist is recorded as absent. */
  async save(threadId: string, id: string, files: string[]): Promise<void> {
    const folder = this.folder(threadId, id);
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    const manifest: Manifest = { files: [] };
    for (const [i, file] of files.entries()) {
      const bytes = await fs.readFile(file).catch(() => undefined);
      if (bytes === undefined) {
        manifest.files.push({ path: file, madeUnder: await nearestFolder(path.dirname(file)) });
        continue;
      }
      const copy = `${i}.bin`;
      await fs.writeFile(path.join(folder, copy), bytes, { mode: 0o600 });
      manifest.files.push({ path: file, copy });
    }
    const tmp = path.join(folder, 'manifest.json.tmp');
    await fs.writeFile(tmp, JSON.stringify(manifest), { mode: 0o600 });
    await fs.rename(tmp, path.join(folder, 'manifest.json'));
  }

  /** The files a backup holds (absolute paths); empty when there is none. */
  async files(threadId: string, id: string): Promise<string[]> {
    return (await this.manifest(threadId, id))?.files.map((f) => f.path) ?? [];
  }

  /** Put the files back as the backup holds them (absent ones are removed). Returns the paths. */
  async restore(threadId: string, id: string): Promise<string[]> {
    const manifest = await this.manifest(threadId, id);
    if (!manifest) return [];
    const folder = this.folder(threadId, id);
    for (const f of manifest.files) {
      if (f.copy === undefined) {
        await fs.rm(f.path, { force: true });
        if (f.madeUnder !== undefined) await removeEmptyFolders(f.path, f.madeUnder);
        continue;
      }
      await fs.mkdir(path.dirname(f.path), { recursive: true });
      await fs.copyFile(path.join(folder, f.copy), f.path);
    }
    return manifest.files.map((f) => f.path);
  }

  /** Forget every backup of a thread (the thread was deleted). */
  async forget(threadId: string): Promise<void> {
    if (SAFE_ID.test(threadId)) await fs.rm(path.join(this.dir, threadId), { recursive: true, force: true });
  }

  private async manifest(threadId: string, id: string): Promise<Manifest | undefined> {
    const text = await fs.readFile(path.join(this.folder(threadId, id), 'manifest.json'), 'utf8').catch(() => '');
    if (!text) return undefined;
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  }
}

/** `dir` or its nearest ancestor that exists. */
async function nearestFolder(dir: string): Promise<string> {
  for (let d = dir; ; d = path.dirname(d)) {
    const isDir = await fs.stat(d).then(
      (st) => st.isDirectory(),
      () => false,
    );
    if (isDir || path.dirname(d) === d) return d;
  }
}
