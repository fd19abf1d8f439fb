/**
 * Phone access (issue 51): a phone or tablet on the user's own network as a second screen of Claude Desk, paired
 * once, over HTTPS on one address the user picks. The types both sides share; the calls are in contract/phone.ts.
 */

/** How a phone reaches this computer: a local certificate authority on a LAN address, Tailscale's own HTTPS name, or the user's certificate. */
export const PHONE_ROUTES = ['lan', 'tailscale', 'own-certificate'] as const;
export type PhoneRoute = (typeof PHONE_ROUTES)[number];

/** One of this computer's addresses a phone could reach, by interface. */
export interface PhoneAddress {
  /** The interface's name as the system gives it (en0, wlan0, tailscale0). */
  interface: string;
  /** A word for people: Wi-Fi, Ethernet, Tailscale, VPN, Other. */
  label: string;
  address: string;
  family: 'IPv4' | 'IPv6';
  /** A public address is asked about before it is used. */
  scope: 'private' | 'public' | 'tailscale';
}

export interface TailscaleState {
  state: 'missing' | 'logged-out' | 'ready';
  /** The machine's HTTPS name on the tailnet (ready only). */
  name?: string;
  /** What to do when not ready, in one sentence. */
  sentence?: string;
}

export interface PhoneAccess {
  on: boolean;
  route?: PhoneRoute;
  address?: string;
  /** Fixed once chosen (an origin includes it, and a paired phone's key lives in that origin). */
  port: number;
  /** The https origin a phone opens, while listening. */
  origin?: string;
  /** Why phone access is off or stopped (the address went away, the port is taken, Tailscale logged out). */
  problem?: string;
  addresses: PhoneAddress[];
  tailscale: TailscaleState;
  /** The LAN route's certificate authority: its SHA-256 fingerprint (colon-separated hex) to compare on the phone. */
  caFingerprint?: string;
}

/** What Settings (and `web --phone` on a terminal) shows to pair: the link, as a QR code and as text. */
export interface PairingLink {
  /** `https://<address>:<port>/pair#<one-time code>`: the code only in the fragment. */
  link: string;
  /** The QR code of the link, an SVG document. */
  qrSvg: string;
  expiresAt: number;
}

/** A phone opened the link: the desktop asks "Allow a new device from <address>?" (Deny the default). */
export interface PairingRequest {
  requestId: string;
  address: string;
  route: PhoneRoute;
  at: number;
}

export type PairingEnd = 'paired' | 'denied' | 'expired' | 'cancelled' | 'code-reused';

export interface PairedDevice {
  id: string;
  name: string;
  route: PhoneRoute;
  address: string;
  pairedAt: number;
  lastSeenAt: number;
  /** Pairing is renewed by then (180 days); unused for 30 days, the device is forgotten. */
  renewBy: number;
  connected: boolean;
}

/** Who answered a card from a device: kept on the card and in the thread log, after a revoke too. */
export interface DeviceActor {
  deviceId: string;
  /** Its name when it answered. */
  name: string;
  route: PhoneRoute;
  address: string;
}
