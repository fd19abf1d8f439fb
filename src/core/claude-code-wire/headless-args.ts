/**
 * Claude Code's arguments every headless process of it takes, whoever starts it (a turn, the composer's probe, a
 * rewind's control-only process): here, below the turn, so those callers need the wire and not the turn room.
 */

/** Headless, one JSON object per line each way, with token-level stream events (the recorded cases' `B`). */
export const HEADLESS_STREAM_JSON_ARGS: readonly string[] = [
  '-p',
  '--input-format',
  'stream-json',
  '--output-format',
  'stream-json',
  '--verbose',
  '--include-partial-messages',
];

/**
 * Echo each prompt back with its uuid (`isReplay`, recorded case 40): the key of the CLI's file checkpoint for
 * that turn, used by rewind.
 */
export const REPLAY_USER_MESSAGES_ARG = '--replay-user-messages';
