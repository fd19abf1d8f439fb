/**
 * What the user reads when the app cannot start (createDeskApp rejected: an unwritable or corrupt
 * data dir, a bad settings file…). Without it there would be no window and no message at all.
 */
export const STARTUP_FAILURE_TITLE = 'Claude Desk could not start';

export function startupFailureMessage(dataDir: string, err: unknown): string {
  const cause = err instanceof Error ? err.message : String(err);
  return [
    `Data folder: ${dataDir}`,
    `Cause: ${cause || 'unknown error'}`,
    '',
    'Check that the folder is readable and writable (or set CLAUDE_DESK_DATA_DIR to another folder), then start Claude Desk again.',
  ].join('\n');
}
