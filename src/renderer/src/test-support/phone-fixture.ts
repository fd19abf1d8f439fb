/**
 * Phone access as the fake host answers it (issue 51): off at first, with a Wi-Fi, an Ethernet, a public and a
 * Tailscale address; turning it on listens where asked, pairing hands out a link with a QR code, devices are listed
 * and revoked. Component tests and the e2e's WebSocket fake share it.
 */
import type { PairedDevice, PairingEnd, PairingLink, PhoneAccess, PhoneRoute } from '../../../shared/phone';

export const PHONE_PORT = 47_800;
export const CA_FINGERPRINT =
  '3A:9F:12:C4:7B:E0:55:81:D2:6C:0F:9A:B3:44:E7:18:2D:90:CC:61:5E:A7:08:F3:B9:24:6D:1E:83:C5:70:AB';

export function phoneAccessOff(): PhoneAccess {
  return {
    on: false,
    port: PHONE_PORT,
    addresses: [
      { interface: 'wlan0', label: 'Wi-Fi', address: '192.168.1.23', family: 'IPv4', scope: 'private' },
      { interface: 'eth0', label: 'Ethernet', address: '10.0.0.8', family: 'IPv4', scope: 'private' },
      { interface: 'eth1', label: 'Ethernet', address: '203.0.113.40', family: 'IPv4', scope: 'public' },
      { interface: 'tailscale0', label: 'Tailscale', address: '100.101.12.7', family: 'IPv4', scope: 'tailscale' },
    ],
    tailscale: { state: 'ready', name: 'studio.tail4c2e.ts.net' },
  };
}

/** A small, valid QR-like SVG (the real one is made by the host). */
export const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges"><rect width="29" height="29" fill="#fff"/><path d="M2 2h7v7h-7zM20 2h7v7h-7zM2 20h7v7h-7zM3 3v5h5v-5zM21 3v5h5v-5zM3 21v5h5v-5zM4 4h3v3h-3zM22 4h3v3h-3zM4 22h3v3h-3zM11 2h2v2h-2zM14 4h2v3h-2zM11 9h3v2h-3zM16 11h4v2h-4zM12 14h2v4h-2zM18 16h3v3h-3zM22 12h3v2h-3zM11 20h3v2h-3zM16 22h2v4h-2zM20 20h2v2h-2zM23 23h3v3h-3z" fill="#000"/></svg>';

export const SAMPLE_DEVICES: PairedDevice[] = [
  {
    id: 'dev-1',
    name: 'Ana’s iPhone',
    route: 'lan',
    address: '192.168.1.41',
    pairedAt: 1_800_000_000_000,
    lastSeenAt: 1_800_000_600_000,
    renewBy: 1_800_000_000_000 + 180 * 86_400_000,
    connected: true,
  },
];

/**
 * The fake host's phone state and its seven calls; `changed` is the host's phoneChanged, `ended` its pairingRequest at a request's end. `now` is the host's clock
 * (a pairing link expires two minutes after it; the page counts down against its own clock, as on one computer).
 */
export function createPhoneFake(
  changed: () => void = () => undefined,
  now: () => number = () => Date.now(),
  ended: (e: { requestId: string; ended: PairingEnd; message: string }) => void = () => undefined,
) {
  const state = { access: phoneAccessOff(), devices: [] as PairedDevice[], pairing: null as PairingLink | null };
  const origin = (route: PhoneRoute, address: string): string =>
    route === 'tailscale' ? `https://${state.access.tailscale.name ?? address}` : `https://${address}:${PHONE_PORT}`;
  const handlers = {
    getPhoneAccess: (): PhoneAccess => state.access,
    setPhoneAccess: (input: {
      on: boolean;
      route?: PhoneRoute;
      address?: string;
      allowPublic?: boolean;
    }): PhoneAccess => {
      if (!input.on) {
        const { route: _r, address: _a, origin: _o, problem: _p, caFingerprint: _c, ...rest } = state.access;
        state.access = { ...rest, on: false };
        changed();
        return state.access;
      }
      const picked = state.access.addresses.find((a) => a.address === input.address);
      if (!picked) throw new Error(`${input.address ?? 'That address'} is not one of this computer's addresses now.`);
      if (picked.scope === 'public' && !input.allowPublic)
        throw new Error(`${picked.address} is a public address: confirm to listen there.`);
      const route = input.route ?? 'lan';
      state.access = {
        ...state.access,
        on: true,
        route,
        address: picked.address,
        origin: origin(route, picked.address),
        ...(route === 'lan' ? { caFingerprint: CA_FINGERPRINT } : {}),
      };
      changed();
      return state.access;
    },
    startPairing: (): PairingLink => {
      const base = state.access.origin ?? `https://192.168.1.23:${PHONE_PORT}`;
      state.pairing = {
        link: `${base}/pair#k7Qm2xV9pL4rT8wZ1nB6cY3hF5jD0sAe`,
        qrSvg: QR_SVG,
        expiresAt: now() + 120_000,
      };
      return state.pairing;
    },
    cancelPairing: (): null => {
      state.pairing = null;
      return null;
    },
    answerPairing: (input: { requestId: string; allow: boolean; number?: string; name?: string }) => {
      if (!input.allow) {
        // As the host: the answer, then the request's end to every window (the one that asked closes its dialog).
        ended({ requestId: input.requestId, ended: 'denied', message: 'Denied. The phone was told.' });
        return { ok: true, message: 'Denied. The phone was told.' };
      }
      if (input.number !== '482913')
        return { ok: false, message: 'That number does not match the one on the phone. Look again and retype it.' };
      state.devices.push({
        id: `dev-${state.devices.length + 1}`,
        name: input.name ?? 'Phone',
        route: state.access.route ?? 'lan',
        address: '192.168.1.41',
        pairedAt: now(),
        lastSeenAt: now(),
        renewBy: now() + 180 * 86_400_000,
        connected: true,
      });
      changed();
      ended({ requestId: input.requestId, ended: 'paired', message: `Paired ${input.name ?? 'the phone'}.` });
      return { ok: true, message: `Paired ${input.name ?? 'the phone'}.` };
    },
    listDevices: (): PairedDevice[] => state.devices,
    revokeDevice: ({ id }: { id: string }): null => {
      state.devices = state.devices.filter((d) => d.id !== id);
      changed();
      return null;
    },
  };
  return { state, handlers };
}
