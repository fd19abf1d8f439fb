/**
 * A bound (a timeout) in the words a sentence uses: seconds up to two minutes, whole minutes past — never "0 min" for
 * a bound of seconds. Shared by every "ran for … and was stopped" sentence (git, its hooks, a tool, a user's hook).
 */
export function boundInWords(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} second${s === 1 ? '' : 's'}`;
  return `${Math.round(s / 60)} minutes`;
}
