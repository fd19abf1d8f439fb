import fs from 'node:fs/promises';
import path from 'node:path';

/** Extensions the OS would run rather than show: these are revealed in the file manager instead of opened. */
const RUNNABLE = new Set([
  '.app',
  '.appimage',
  '.bat',
  '.cmd',
  '.com',
  '.command',
  '.cpl',
  '.desktop',
  '.exe',
  '.hta',
  '.jar',
  '.js',
  '.jse',
  '.lnk',
  '.msi',
  '.msp',
  '.pif',
  '.ps1',
  '.reg',
  '.scr',
  '.sh',
  '.url',
  '.vbe',
  '.vbs',
  '.workflow',
  '.wsf',
]);

export interface OpenFileDeps {
  /** Open with the OS's default app (Electron shell.openPath); resolves to an error text, '' when fine. */
  openPath: (file: string) => Promise<string>;
  revealFile: (file: string) => void;
  platform?: NodeJS.Platform;
}

/**
 * Open a file a tool card names in the OS's editor. The path comes from the model's tool call, so it is
 * checked: absolute, an existing regular file, and nothing the OS would execute on open (a script or a program the
 * agent wrote is shown in the file manager instead — one click must never run it).
 */
export async function openFileSafely(file: string, deps: OpenFileDeps): Promise<'opened' | 'revealed'> {
  if (!path.isAbsolute(file) || file.includes('\0')) throw new Error(`Not a full file path: ${file}`);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat) throw new Error(`The file is not there (any more): ${file}`);
  if (!stat.isFile()) throw new Error(`Not a file: ${file}`);
  const executable = (deps.platform ?? process.platform) !== 'win32' && (stat.mode & 0o111) !== 0;
  if (executable || RUNNABLE.has(path.extname(file).toLowerCase())) {
    deps.revealFile(file);
    return 'revealed';
  }
  const error = await deps.openPath(file);
  if (error) throw new Error(`Could not open ${path.basename(file)}: ${error}`);
  return 'opened';
}
