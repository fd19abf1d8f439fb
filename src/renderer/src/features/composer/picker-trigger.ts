/**
 * What the composer's text asks a picker for, from the text and the caret. Pure, so the rules are tested
 * without a DOM: `/` opens the command picker only as the first thing in the message (that is where the CLI
 * reads a command, recorded case 30); `@` opens the file picker at the start of any word.
 */
export type PickerTrigger =
  | { kind: 'command'; query: string; start: number; end: number }
  | { kind: 'file'; query: string; start: number; end: number };

export function pickerTrigger(text: string, caret: number): PickerTrigger | null {
  const before = text.slice(0, caret);
  const command = /^\/([\w:.-]*)$/.exec(before);
  if (command) return { kind: 'command', query: command[1]!, start: 0, end: caret };
  const file = /(^|\s)@([^\s@]*)$/.exec(before);
  if (file) {
    const start = before.length - file[2]!.length - 1;
    // A line range already typed (`@a.ts#L1-2`) is finished: the picker has nothing left to offer.
    if (file[2]!.includes('#')) return null;
    return { kind: 'file', query: file[2]!, start, end: caret };
  }
  return null;
}

/** The text with the trigger's span replaced by `insert`, and where the caret goes. */
export function applyPick(text: string, trigger: PickerTrigger, insert: string): { text: string; caret: number } {
  const after = text.slice(trigger.end).replace(/^\S*/, ''); // the rest of a word being replaced goes too
  const spaced = after.startsWith(' ') ? insert.trimEnd() : insert;
  return {
    text: text.slice(0, trigger.start) + spaced + after,
    caret: trigger.start + spaced.length + (after.startsWith(' ') ? 1 : 0),
  };
}

/** `@path` as the CLI reads it (recorded case 33); a path with spaces is quoted so the reference does not end there. */
export function fileReference(path: string): string {
  return /\s/.test(path) ? `@"${path}" ` : `@${path} `;
}
