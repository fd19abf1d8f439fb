import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ApprovalFile, ApprovalRequest } from '../../shared/turn-events';
import { isInside } from '../path-inside';

/** Bigger files are not sent to the card: its diff would be unreadable anyway, and it goes over the socket. */
export const APPROVAL_FILE_LIMIT = 512 * 1024;

/** The tools whose card shows a diff against the file on disk. */
const FILE_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

type Fs = Pick<typeof fsp, 'realpath' | 'stat' | 'readFile'>;

/** The real path of `file`, or of its folder joined with its name when it does not exist yet. */
async function realPathOf(fs: Fs, file: string): Promise<{ real: string; exists: boolean }> {
  try {
    return { real: await fs.realpath(file), exists: true };
  } catch {
    try {
      return { real: path.join(await fs.realpath(path.dirname(file)), path.basename(file)), exists: false };
    } catch {
      return { real: path.resolve(file), exists: false };
    }
  }
}

/**
 * The file a Write/Edit card is about, read now from the thread's project folder — never outside it: a path (or a
 * link) leading out of the folder answers `outside` without reading. Text up to APPROVAL_FILE_LIMIT only.
 */
export async function readApprovalFile(
  request: ApprovalRequest,
  projectDir: string,
  fs: Fs = fsp,
): Promise<ApprovalFile> {
  const input = request.input;
  const file = typeof input.file_path === 'string' ? input.file_path : input.notebook_path;
  if (!FILE_TOOLS.has(request.toolName) || typeof file !== 'string' || file === '') return { state: 'gone' };
  const root = await fs.realpath(projectDir).catch(() => path.resolve(projectDir));
  const { real, exists } = await realPathOf(fs, path.resolve(projectDir, file));
  if (!isInside(root, real)) return { state: 'outside' };
  if (!exists) return { state: 'missing' };
  try {
    const stat = await fs.stat(real);
    if (!stat.isFile()) return { state: 'unreadable', message: 'It is not a file.' };
    if (stat.size > APPROVAL_FILE_LIMIT) return { state: 'too-big', bytes: stat.size, limit: APPROVAL_FILE_LIMIT };
    const bytes = await fs.readFile(real);
    if (bytes.includes(0)) return { state: 'not-text' };
    return { state: 'exists', content: bytes.toString('utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { state: 'missing' };
    return {
      state: 'unreadable',
      message: code === 'EACCES' ? 'Claude Desk may not read it.' : (err as Error).message,
    };
  }
}
