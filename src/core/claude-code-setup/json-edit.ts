import fs from 'node:fs/promises';
import { writeFileAtomic } from '../store/atomic-write';

export type JsonObject = Record<string, unknown>;

/** A JSON settings file as it is: its parsed object, or why it is not one. Missing = an empty object. */
export async function readJsonObject(
  file: string,
): Promise<{ exists: boolean; value: JsonObject; error?: string; text?: string }> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { exists: false, value: {} };
    return { exists: true, value: {}, error: `It cannot be read: ${(err as Error).message}` };
  }
  if (!text.trim()) return { exists: true, value: {}, text };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { exists: true, value: {}, text, error: 'It is valid JSON but not an object ({ … }).' };
    return { exists: true, value: value as JsonObject, text };
  } catch (err) {
    return { exists: true, value: {}, text, error: `It is not valid JSON: ${(err as Error).message}` };
  }
}

/** The indentation the file already uses (two spaces when it has none yet), so an edit keeps its look. */
function indentOf(text: string | undefined): string | number {
  const m = /\n([ \t]+)"/.exec(text ?? '');
  return m ? m[1]! : 2;
}

/**
 * Change a JSON settings file: read, change the object, write it back pretty-printed in its own indentation,
 * atomically, keeping its mode. A file that is not valid JSON is never written: the error says so.
 */
export async function editJsonObject(file: string, change: (value: JsonObject) => void): Promise<void> {
  const current = await readJsonObject(file);
  if (current.error)
    throw new Error(`${file} was not changed: ${current.error} Fix the file in an editor first, then try again.`);
  change(current.value);
  const mode = await fs.stat(file).then(
    (s) => s.mode & 0o777,
    () => 0o600,
  );
  const endsWithNewline = current.text === undefined || current.text.endsWith('\n');
  const out = JSON.stringify(current.value, null, indentOf(current.text)) + (endsWithNewline ? '\n' : '');
  await writeFileAtomic(file, out, mode);
}
