import type { DeskState } from '../../store/desk-state';

/**
 * Why Send is off, or undefined when a message can go. A message sent now would only fail, so the
 * composer keeps it and says why; the one explanation with the way out is the banner above the chat
 * (connection banner, Claude Code banner) — no failed turn, no toast beside it.
 */
export function sendBlockedReason(s: Pick<DeskState, 'connection' | 'overview'>): string | undefined {
  if (s.connection === 'reconnecting')
    return 'Not connected to Claude Desk — your message stays here until it reconnects.';
  if (s.connection === 'refused')
    return 'This tab lost its access to Claude Desk — your message stays here; open the new address to continue.';
  const cli = s.overview?.cli;
  if (cli?.status === 'not_installed' || cli?.status === 'outdated' || cli?.status === 'unusable') {
    return 'Claude Code cannot run yet (see above) — your message stays here.';
  }
  return undefined;
}
