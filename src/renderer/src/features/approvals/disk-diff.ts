/**
 * What a Write/Edit card will do to the file as it is on disk now (read by the host: readApprovalFile). A Write over
 * an existing file replaces it, so its diff is against that file, removed lines and all; an Edit whose text is no
 * longer in the file — or is there more than once without replace_all — fails in Claude Code, so the card says so
 * instead of drawing a diff that cannot apply. Pure.
 */
import type { ApprovalFile } from '../../../../shared/turn-events';
import { type FileDiff, wholeFileDiff } from '../tools/diff-rows';

export interface DiskDiff {
  /** The diff to draw; undefined: none can be drawn (the edit will fail). */
  diff?: FileDiff;
  /** The sentence under the card's title. */
  note: string;
  tone: 'info' | 'warn' | 'fail';
}

type Edit = { old_string?: unknown; new_string?: unknown; replace_all?: unknown };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const baseName = (p: string) => p.split(/[\\/]/).pop() || p;
/** Claude Code matches curly quotes to straight ones when the exact text is not found; so does the preview. */
const straightQuotes = (s: string) => s.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

function occurrences(text: string, find: string): number {
  let n = 0;
  for (let at = text.indexOf(find); at >= 0; at = text.indexOf(find, at + find.length)) n++;
  return n;
}

/** One edit applied to `text`, or why it cannot be. */
function applyEdit(text: string, edit: Edit): { text: string } | { error: string } {
  const oldText = str(edit.old_string) ?? '';
  const newText = str(edit.new_string) ?? '';
  let source = text;
  let find = oldText;
  if (oldText !== '' && !text.includes(oldText) && straightQuotes(text).includes(straightQuotes(oldText))) {
    source = straightQuotes(text);
    find = straightQuotes(oldText);
  }
  const count = find === '' ? 0 : occurrences(source, find);
  if (count === 0) return { error: 'the text it replaces is no longer in' };
  if (count > 1 && edit.replace_all !== true) return { error: `the text it replaces appears ${count} times in` };
  if (source !== text) return { error: '' }; // quotes differ: it applies, but drawing it from `source` would mislead
  return { text: edit.replace_all === true ? text.split(find).join(newText) : text.replace(find, () => newText) };
}

/** The file after the call's edits, or the sentence saying why it will fail. */
function edited(name: string, input: Record<string, unknown>, current: string): { text: string } | { error: string } {
  const edits = name === 'MultiEdit' && Array.isArray(input.edits) ? (input.edits as Edit[]) : [input as Edit];
  let text = current.replaceAll('\r\n', '\n'); // Claude Code matches with the file's line endings as \n
  for (const [i, edit] of edits.entries()) {
    const step = applyEdit(text, edit);
    if ('error' in step)
      return {
        error: step.error && (edits.length > 1 ? `edit ${i + 1} of ${edits.length}: ${step.error}` : step.error),
      };
    text = step.text;
  }
  return { text };
}

function kb(bytes: number): string {
  return `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
}

/**
 * The card's view of the call against the file on disk; undefined when the file says nothing more than the call's
 * input (the card no longer waits, a tool without a file): the card then draws the input as it did.
 * `changed`: the file differs from the first read of this card (someone changed it while the card waited).
 */
export function diskDiff(
  name: string,
  input: Record<string, unknown>,
  file: ApprovalFile,
  changed = false,
): DiskDiff | undefined {
  const path = str(input.file_path) ?? '';
  const file0 = baseName(path);
  const since = changed ? ' It changed on disk while this card waited.' : '';
  if (name !== 'Write' && name !== 'Edit' && name !== 'MultiEdit') return undefined;
  if (file.state === 'gone') return undefined;
  const only = name === 'Write' ? 'only the new content' : 'only the text it changes';
  if (file.state === 'outside')
    return {
      note: `${file0} is outside the project folder: Claude Desk does not read it, so this shows ${only}.`,
      tone: 'warn',
    };
  if (file.state === 'too-big')
    return {
      note: `${file0} is too big to compare (${kb(file.bytes)}, over ${kb(file.limit)}): this shows ${only}.`,
      tone: 'warn',
    };
  if (file.state === 'not-text') return { note: `${file0} is not a text file: this shows ${only}.`, tone: 'warn' };
  if (file.state === 'unreadable')
    return { note: `Claude Desk could not read ${file0} (${file.message}): this shows ${only}.`, tone: 'warn' };
  const content = str(input.content) ?? '';
  if (file.state === 'missing') {
    if (name === 'Write')
      return { diff: wholeFileDiff(path, undefined, content), note: `Creates ${file0}.${since}`, tone: 'info' };
    const creates = name === 'Edit' && str(input.old_string) === '';
    if (creates)
      return {
        diff: wholeFileDiff(path, undefined, str(input.new_string) ?? ''),
        note: `Creates ${file0}.`,
        tone: 'info',
      };
    return { note: `This edit will fail: ${file0} does not exist (any more).${since}`, tone: 'fail' };
  }
  // Claude Code refuses to write a file that changed since Claude read it ("File content has changed since it was
  // last read", seen with the real CLI): the diff still shows what the call would undo of the change.
  const refused = changed
    ? `${file0} changed on disk while this card waited (shown as it is now): Claude Code will refuse this change until Claude reads the file again.`
    : undefined;
  if (name === 'Write') {
    const diff = wholeFileDiff(path, file.content, content);
    if (refused) return { diff, note: refused, tone: 'fail' };
    const same = diff.added === 0 && diff.removed === 0;
    const note = same
      ? `Overwrites an existing file with the content it already has: nothing changes.`
      : `Overwrites an existing file: ${file0} is replaced by this content.`;
    return { diff, note, tone: 'info' };
  }
  const after = edited(name, input, file.content);
  if ('error' in after) {
    if (after.error === '') return undefined; // applies once quotes are matched: the input's own diff is right
    return { note: `This edit will fail: ${after.error} ${file0}.${since}`, tone: 'fail' };
  }
  const diff = wholeFileDiff(path, file.content.replaceAll('\r\n', '\n'), after.text);
  return refused ? { diff, note: refused, tone: 'fail' } : { diff, note: `Edits ${file0}.`, tone: 'info' };
}
