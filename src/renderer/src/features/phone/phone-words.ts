import type { PhoneAddress, PhoneRoute } from '../../../../shared/phone';

/** The words the phone screens share: a route by name, an address by its interface, a date a person reads. */
export const ROUTE_NAMES: Record<PhoneRoute, string> = {
  tailscale: 'Tailscale',
  lan: 'Local network',
  'own-certificate': 'Own certificate',
};

/** How a phone came or comes in, in a sentence: "opened the pairing link on the local network". */
export const ROUTE_WAY: Record<PhoneRoute, string> = {
  tailscale: 'over Tailscale',
  lan: 'on the local network',
  'own-certificate': 'with your own certificate',
};

export const addressLabel = (a: PhoneAddress): string => `${a.label} (${a.interface}) — ${a.address}`;

/** Which of the computer's addresses a route can listen on: Tailscale's own, or any other (LAN, own certificate). */
export const addressesFor = (route: PhoneRoute, all: readonly PhoneAddress[]): PhoneAddress[] =>
  route === 'tailscale' ? all.filter((a) => a.scope === 'tailscale') : all.filter((a) => a.scope !== 'tailscale');

export const shortDate = (ms: number): string =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const dayDate = (ms: number): string => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** "1:53" for a countdown. */
export const minutesSeconds = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
