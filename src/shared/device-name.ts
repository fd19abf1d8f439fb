/**
 * A paired device's name as the user types it at the desktop (issue 51): shown in lists, on cards a device answered
 * and in thread logs, so nothing in it may reorder or hide the text around it. Control characters (C0, DEL, C1) and
 * the bidirectional controls (embeddings, overrides, isolates, the marks) and every other format character are removed, runs of spaces become one,
 * and it is cut to 40 characters (by code point, never half a surrogate pair). The page and the host both apply it.
 */
export const DEVICE_NAME_MAX = 40;

/** Control characters (C0, DEL, C1: tabs and newlines too) stand for a space. */
const CONTROL = /\p{Cc}/gu;
/** Bidi controls, zero-width and other format characters, private-use and unassigned ones: none belongs in a name. */
const HIDDEN = /[\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/gu;

export function cleanDeviceName(raw: string): string {
  const cleaned = raw.replace(CONTROL, ' ').replace(HIDDEN, '').replace(/\s+/gu, ' ').trim();
  return Array.from(cleaned).slice(0, DEVICE_NAME_MAX).join('').trim();
}
