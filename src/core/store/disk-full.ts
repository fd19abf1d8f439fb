/** A write refused because the disk (or the user's quota) holding the data dir is full. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** What every front door says when a save failed for want of space: what happened and what to do. */
export const DISK_FULL_SENTENCE = "Could not save: the disk holding Claude Desk's data is full — free space and Retry.";

/** A save's failure as a user reads it: the disk-full sentence, or the error's own message. */
export function saveFailedSentence(err: unknown): string {
  return isDiskFull(err) ? DISK_FULL_SENTENCE : err instanceof Error ? err.message : String(err);
}
