import fs from 'node:fs/promises';

/**
 * Copy a git index for a throwaway GIT_INDEX_FILE (a snapshot, a read of changes), keeping its modification time.
 *
 * Why the time: git trusts an entry's cached stat unless the entry is "racily clean" — its file changed in the same
 * second as (or after) the index file was written, judged by the index file's own mtime. A copy made a second later
 * has a newer mtime, so a file rewritten at the same size in the second the user's index was written looked
 * unchanged through the copy, and a rewind snapshot kept its old text (seen: 2 runs in 150 under load). With the
 * original's time — rounded down to the millisecond, which can only make more entries racy — git re-reads exactly
 * what it would through the real index. Rejects as fs.copyFile does (no index yet: ENOENT).
 */
export async function copyGitIndex(from: string, to: string): Promise<void> {
  await fs.copyFile(from, to);
  const st = await fs.stat(from);
  await fs.utimes(to, st.atime, st.mtime);
}
