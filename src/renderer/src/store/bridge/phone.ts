import type { BridgeContext, BridgePart } from './part';

/** Phone access (issue 51): the desktop asks about a new device; Settings reads access and devices again. */
export function phonePart({ on, s }: BridgeContext): BridgePart {
  return {
    offs: [
      on('pairingRequest', (e) => s().pairingEvent(e)),
      on('phoneChanged', () => {
        if (s().view === 'settings' && s().settingsSection === 'phone') void s().loadPhone();
      }),
    ],
  };
}
