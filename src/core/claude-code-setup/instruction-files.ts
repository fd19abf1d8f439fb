import fs from 'node:fs/promises';
import path from 'node:path';
import type { InstructionFileView } from '../../shared/claude-code-setup';
import { writeFileAtomic } from '../store/atomic-write';
import type { SetupRoots } from './setup-paths';

/** More than a page can usefully show; the editor then opens the file in the OS's editor instead. */
const SHOW_LIMIT = 256 * 1024;
/** Folders never searched for nested CLAUDE.md files (big, and not the user's instructions). */
const SKIP = new Set(['node_modules', '.git', 'dist', 'build', 'out', '.venv', 'target']);

async function nestedFiles(projectDir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string, depth: number): Promise<void> {
    if (depth > 3 || found.length >= 20) return;
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isDirectory() || SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
      const sub = path.join(dir, entry.name);
      const file = path.join(sub, 'CLAUDE.md');
      if (
        await fs.stat(file).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        found.push(file);
      await walk(sub, depth + 1);
    }
  }
  await walk(projectDir, 1);
  return found;
}

/** The folders above the project, from the top (`/`) down to its parent: Claude Code loads them first (case 53f). */
export function foldersAbove(projectDir: string): string[] {
  const above: string[] = [];
  for (let dir = path.dirname(projectDir); ; dir = path.dirname(dir)) {
    above.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  return above;
}

/** One folder's instruction files in the order Claude Code reads them (case 53f). */
const filesOf = (dir: string) => [
  { file: path.join(dir, 'CLAUDE.md'), local: false },
  { file: path.join(dir, '.claude', 'CLAUDE.md'), local: false },
  { file: path.join(dir, 'CLAUDE.local.md'), local: true },
];

/**
 * The CLAUDE.md files for a project in Claude Code's load order (recorded cases 46, 53f: the user's, then every
 * folder above the project from the top down, then the project's CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md,
 * all in the first message). Nested ones (in the project's subfolders) load only when Claude reads a file there.
 * The user's, the project's and the local one are listed even when missing, so the page can start one.
 */
export async function listInstructionFiles(roots: SetupRoots): Promise<InstructionFileView[]> {
  const wanted: { kind: InstructionFileView['kind']; path: string; always: boolean }[] = [
    { kind: 'user', path: path.join(roots.configDir, 'CLAUDE.md'), always: true },
  ];
  if (roots.projectDir) {
    for (const dir of foldersAbove(roots.projectDir))
      for (const { file } of filesOf(dir))
        // The user's own file under ~/.claude is listed once, as the user's.
        if (file !== wanted[0]!.path) wanted.push({ kind: 'parent', path: file, always: false });
    for (const { file, local } of filesOf(roots.projectDir))
      wanted.push({
        kind: local ? 'local' : 'project',
        path: file,
        always: file !== filesOf(roots.projectDir)[1]!.file,
      });
    for (const file of await nestedFiles(roots.projectDir)) wanted.push({ kind: 'nested', path: file, always: false });
  }
  const views = await Promise.all(
    wanted.map(async (w): Promise<InstructionFileView | undefined> => {
      const text = await fs.readFile(w.path, 'utf8').catch(() => undefined);
      if (text === undefined) return w.always ? { kind: w.kind, path: w.path, exists: false } : undefined;
      const truncated = text.length > SHOW_LIMIT;
      const [stat, real] = await Promise.all([
        fs.stat(w.path).catch(() => undefined),
        fs.realpath(w.path).catch(() => w.path),
      ]);
      return {
        kind: w.kind,
        path: w.path,
        exists: true,
        text: truncated ? text.slice(0, SHOW_LIMIT) : text,
        truncated,
        ...(stat ? { modifiedAt: stat.mtimeMs } : {}),
        ...(real !== w.path ? { realPath: real } : {}),
      };
    }),
  );
  return views.filter((v): v is InstructionFileView => v !== undefined);
}

async function modeOf(file: string): Promise<number> {
  return fs.stat(file).then(
    (s) => s.mode & 0o777,
    () => 0o644, // a new CLAUDE.md is an ordinary document of the project, readable like its other files
  );
}

/** Only a file the page listed for this project may be written (the path comes from the page). */
export async function assertListed(roots: SetupRoots, file: string): Promise<void> {
  const listed = await listInstructionFiles(roots);
  if (!listed.some((f) => f.path === file)) throw new Error(`${file} is not one of this project's CLAUDE.md files.`);
}

/** Replace a CLAUDE.md's whole text (the page's editor), atomically. */
export async function saveInstructionFile(roots: SetupRoots, file: string, text: string): Promise<void> {
  await assertListed(roots, file);
  const current = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (current !== undefined && current.length > SHOW_LIMIT)
    throw new Error(`${path.basename(file)} is too big to edit here; open it in your editor.`);
  await writeFileAtomic(file, text, await modeOf(file));
}

/**
 * `# remember this` from the composer: one bullet appended to the end, the rest of the file byte for byte as it was.
 */
export async function appendInstruction(roots: SetupRoots, file: string, note: string): Promise<void> {
  await assertListed(roots, file);
  const line = note.replace(/\s+/g, ' ').trim();
  if (!line) throw new Error('There is nothing to remember: write it after the #.');
  const current = await fs.readFile(file, 'utf8').catch(() => '');
  const sep = current === '' || current.endsWith('\n') ? '' : '\n';
  await writeFileAtomic(file, `${current}${sep}- ${line}\n`, await modeOf(file));
}
