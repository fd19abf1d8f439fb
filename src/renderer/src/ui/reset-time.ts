/** When a plan limit resets, in the user's local time: "16:05", "tomorrow 09:00", "Sat 09:00", "3 Dec 09:00". */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');
const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

export function resetLabel(at: number, now: number): string {
  const when = new Date(at);
  const clock = `${pad(when.getHours())}:${pad(when.getMinutes())}`;
  const days = Math.round((dayStart(when) - dayStart(new Date(now))) / 86_400_000);
  if (days <= 0) return clock;
  if (days === 1) return `tomorrow ${clock}`;
  if (days < 7) return `${DAYS[when.getDay()]} ${clock}`;
  return `${when.getDate()} ${MONTHS[when.getMonth()]} ${clock}`;
}

/**
 * The same moment for a sentence: "at 16:05", "tomorrow at 09:00", "on Sat at 09:00", "on 3 Dec at 09:00" —
 * so "It resets tomorrow at 00:14." reads right where "It resets at tomorrow 00:14." would not.
 */
export function atLabel(at: number, now: number): string {
  const label = resetLabel(at, now);
  const space = label.lastIndexOf(' ');
  if (space < 0) return `at ${label}`;
  const day = label.slice(0, space);
  return `${day === 'tomorrow' ? day : `on ${day}`} at ${label.slice(space + 1)}`;
}

/** "in 2 h 5 min", "in 40 s": how long until then, for a tooltip. */
export function untilLabel(at: number, now: number): string {
  const s = Math.max(0, Math.round((at - now) / 1000));
  if (s < 60) return `in ${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `in ${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `in ${h} h${min % 60 ? ` ${min % 60} min` : ''}`;
  return `in ${Math.round(h / 24)} days`;
}
