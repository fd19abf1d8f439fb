import fs from 'node:fs/promises';
import path from 'node:path';
import { sessionIdOfFile } from '../history/cli-projects-dir';

/** How much of a transcript's head is read for its `cwd` (the first lines are queue operations without one). */
const HEAD_BYTES = 256 * 1024;

export interface CliFolder {
  /** The cwd the CLI recorded (never guessed from the folder's encoded name: that loses spaces and dots). */
  cwd: string;
  /** ms: the newest transcript's last write. */
  lastUsed: number;
}

/**
 * The working folders of Claude Code's own sessions: `<projects>/<slug>/<uuid>.jsonl`, one slug per cwd
 * (recorded case 13). Each slug's newest transcript gives the time; its first line carrying `cwd` gives the
 * folder. Heads already read are remembered per file, so asking again costs a directory listing and stats.
 */
export class CliSessionFolders {
  private readonly cwdOfFile = new Map<string, string | null>();

  constructor(private readonly projectsDir: string) {}

  async list(): Promise<CliFolder[]> {
    const slugs = await fs.readdir(this.projectsDir, { withFileTypes: true }).catch(() => []);
    const found = await Promise.all(slugs.filter((d) => d.isDirectory()).map((d) => this.folder(d.name)));
    return found.filter((f): f is CliFolder => f !== undefined);
  }

  private async folder(slug: string): Promise<CliFolder | undefined> {
    const dir = path.join(this.projectsDir, slug);
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => sessionIdOfFile(n));
    const stamped = await Promise.all(
      names.map(async (n) => {
        const file = path.join(dir, n);
        return { file, at: (await fs.stat(file).catch(() => null))?.mtimeMs ?? 0 };
      }),
    );
    stamped.sort((a, b) => b.at - a.at);
    // The newest transcript that names its cwd (a file cut short before its first full line names none).
    for (const { file, at } of stamped.slice(0, 5)) {
      const cwd = await this.cwd(file);
      if (cwd) return { cwd, lastUsed: at };
    }
    return undefined;
  }

  private async cwd(file: string): Promise<string | undefined> {
    const known = this.cwdOfFile.get(file);
    if (known !== undefined) return known ?? undefined;
    const cwd = await readCwd(file);
    // A transcript's cwd never changes; a file without one yet may gain it, so only a hit is remembered.
    if (cwd) this.cwdOfFile.set(file, cwd);
    return cwd;
  }
}

/** The first `cwd` in a transcript's head; lines are JSON objects, one per line. */
async function readCwd(file: string): Promise<string | undefined> {
  const handle = await fs.open(file, 'r').catch(() => null);
  if (!handle) return undefined;
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    const lines = buf.subarray(0, bytesRead).toString('utf8').split('\n');
    if (bytesRead === HEAD_BYTES) lines.pop(); // the last one may be cut
    for (const line of lines) {
      if (!line.includes('"cwd"')) continue;
      try {
        const cwd = (JSON.parse(line) as { cwd?: unknown }).cwd;
        if (typeof cwd === 'string' && path.isAbsolute(cwd)) return cwd;
      } catch {
        // Not a whole JSON line: look further.
      }
    }
    return undefined;
  } finally {
    await handle.close();
  }
}
