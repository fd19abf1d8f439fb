import { singleFlight } from '../single-flight';
import type { BridgeContext, BridgePart } from './part';

/** The History's list and open transcript, read again when the CLI wrote a session. */
export function historyPart({ on, s }: BridgeContext): BridgePart {
  const refreshHistory = singleFlight(() => s().loadHistory());
  return {
    offs: [
      on('historyChanged', ({ sessionIds }) => {
        // Only once the History was looked at: a busy CLI must not cost a closed History anything.
        if (!s().historyLoaded) return;
        refreshHistory();
        const open = s().openSessionId;
        if (open && sessionIds.includes(open)) void s().reloadOpenSession();
      }),
    ],
  };
}
