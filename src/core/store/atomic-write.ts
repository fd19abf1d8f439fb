import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Write a file so that a crash never leaves it half-written: temp file in the same directory,
 * fsync, rename over the target. Owner-only permissions (0600; directories 0700) because
 * everything under the data dir is private. `data` may be pieces (strings written one after another,
 * so a 64 MiB tool result never becomes one Buffer); a piece that throws leaves no file behind.
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array | Iterable<string>,
  mode = 0o600,
): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await fs.open(tmp, 'w', mode);
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data);
    else for (const piece of data) await handle.write(piece);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await fs.rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Read a JSON file. Missing → `fallback`. Corrupt → the file is moved aside
 * (`<name>.corrupt-<time>`) and `fallback` is returned with a warning, never a crash.
 * The value is `unknown`: what a file holds is whatever is on disk, for the caller to narrow.
 */
export async function readJsonOrDefault(
  file: string,
  fallback: unknown,
  onWarning: (message: string) => void = () => {},
): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return fallback;
    // Unreadable is treated like corrupt (a folder in its place, a file owned by another user):
    // never a crash at start, and never an error on every turn.
    const name = path.basename(file);
    const aside = `${file}.unreadable-${Date.now()}`;
    const moved = await fs.rename(file, aside).then(
      () => true,
      () => false,
    );
    onWarning(
      moved
        ? `${name} could not be read (${code ?? 'error'}) and has been moved aside to ${path.basename(aside)}; starting fresh.`
        : `${name} cannot be read (${code ?? 'error'}): Claude Desk runs with defaults, and changes to it will not be saved. Fix or remove ${file}, then restart Claude Desk.`,
    );
    return fallback;
  }
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    const aside = `${file}.corrupt-${Date.now()}`;
    await fs.rename(file, aside).catch(() => {});
    onWarning(
      `${path.basename(file)} was unreadable and has been moved aside to ${path.basename(aside)}; starting fresh.`,
    );
    return fallback;
  }
}
