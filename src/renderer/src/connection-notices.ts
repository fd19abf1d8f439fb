/**
 * Browser mode's connection changes, told to the store as `notice` events carrying these info messages
 * (the bridge turns them into a banner, never a toast). The Electron host never sends them.
 */
export const CONNECTION_NOTICES = {
  /** Sent on every (re)connect: after the first, events may have been missed. */
  connected: 'connected',
  lost: 'connection-lost',
  /** No token, or the host keeps refusing this one (a restarted `claude-desk web` has a new one). */
  refused: 'connection-refused',
} as const;

export type Connection = 'online' | 'reconnecting' | 'refused';
