/**
 * A paired device's name as the user types it at the desktop (issue 51): shown in lists, on cards a device answered
 * and in thread logs, so nothing in it may reorder or hide the text around it. Control characters (C0, DEL, C1) and
 * the bidirectional controls (embeddings, overrides, isolates, the marks) are removed, runs of spaces become one,
 * and it is cut to 40 characters (by code point, never half a surrogate pair). The page and the host both apply it.
 */
export const DEVICE_NAME_MAX = 40;

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function cleanDeviceName(raw: string): string {
  const cleaned = raw.replace(CONTROL, ' ').replace(BIDI, '').replace(/\s+/g, ' ').trim();
  return Array.from(cleaned).slice(0, DEVICE_NAME_MAX).join('').trim();
}
