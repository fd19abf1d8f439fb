/**
 * Everything the model (or a tool call it makes) says passes through here before it reaches a terminal.
 * A terminal obeys control characters: `\r` and `ESC [2K` rewrite a line, OSC sequences retitle the window
 * or set the clipboard, and bidi overrides reorder what is shown. So a command like
 * `rm -rf ~/important\r\x1b[2K$ echo harmless` would *look* harmless in an approval prompt.
 */

// C0 controls except tab and newline, DEL, and C1 controls (0x80–0x9f: 8-bit CSI/OSC on some terminals).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// Invisible characters that change how the rest of a line is displayed (bidi overrides/isolates,
// zero-width marks, line/paragraph separators that some terminals break on).
const DISGUISE = /[\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;
// Of those, the ones that reorder or break what follows. Zero-width joiners and non-joiners, marks and
// spaces are the glue of ordinary writing (the ZWJ inside 👩‍💻, the ZWNJ of Persian and Hindi) and stay.
const REORDER = /[\u2028-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = {
  '\r': '\\r',
  '\u001b': '\\e',
  '\b': '\\b',
  '\f': '\\f',
  '\v': '\\v',
  '\u0007': '\\a',
};

function visible(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Model prose for a terminal: newlines and tabs kept, every other control character shown as an escape. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, visible).replace(DISGUISE, visible);
}

/**
 * The answer's own text on a terminal: only what could move the cursor, rewrite the screen or reorder the line is
 * shown as an escape; every other character — emoji sequences, every script — reaches the screen as written.
 */
export function terminalProse(text: string): string {
  return text.replace(CONTROL, visible).replace(REORDER, visible);
}

/**
 * A value the user must see exactly (a command, a path, a tool name): like terminalSafe, and a newline
 * continues on an indented line (`indent`) so no later line can pose as a prompt or a fresh `$` line.
 */
export function showExactly(text: string, indent: string): string {
  return terminalSafe(text).replace(/\t/g, '\\t').replace(/\n/g, `\n${indent}`);
}
