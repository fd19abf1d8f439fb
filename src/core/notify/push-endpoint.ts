import dns from 'node:dns/promises';
import net from 'node:net';
import { isPublicAddress } from './push-address';

/**
 * The push services a browser's subscription may point at, by host name: Chrome and Edge on Android and desktop
 * (Firebase Cloud Messaging), Firefox (Mozilla autopush), Safari and iOS/iPadOS Home Screen apps (Apple's web push),
 * Edge on Windows (WNS). Any other host is refused: the endpoint comes from a page, and Claude Desk must not post
 * wherever a page says.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** How endpoints are judged and reached: production uses the fixed list and the system's resolver. */
export interface PushNetwork {
  hosts: readonly string[];
  /** Every address a host name resolves to. */
  resolve(host: string): Promise<string[]>;
  /** Whether an address a push service may be reached at (public only; a test's fake service may widen it). */
  addressAllowed(address: string): boolean;
  /** Extra certificate authorities (a test's fake push service); production trusts the system's only. */
  ca?: string | Buffer;
}

export const PRODUCTION_PUSH_NETWORK: PushNetwork = {
  hosts: PUSH_SERVICE_HOSTS,
  resolve: async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address),
  addressAllowed: isPublicAddress,
};

export type EndpointCheck = { ok: true; url: URL; address: string } | { ok: false; reason: string };

function hostListed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}

/**
 * Judge a subscription's endpoint before it is kept and again before each send (a name may resolve elsewhere
 * later): https on port 443, no credentials in it, a listed push-service host (never an IP literal), and every
 * address the name resolves to public. The answer carries the address to connect to, so the request goes where
 * the check looked (no second lookup a resolver could answer differently).
 */
export async function checkPushEndpoint(endpoint: string, network: PushNetwork): Promise<EndpointCheck> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'The push endpoint is not a web address.' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'A push endpoint must use https.' };
  if (url.username || url.password) return { ok: false, reason: 'A push endpoint may not carry a user or password.' };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host)) return { ok: false, reason: 'A push endpoint must name a push service, not an address.' };
  if (url.port && url.port !== '443' && !network.hosts.some((h) => h === `${host}:${url.port}`))
    return { ok: false, reason: 'A push endpoint must use the standard https port.' };
  const listed = hostListed(host, network.hosts) || network.hosts.includes(`${host}:${url.port}`);
  if (!listed) return { ok: false, reason: `${host} is not a push service Claude Desk knows.` };
  let addresses: string[];
  try {
    addresses = await network.resolve(host);
  } catch {
    return { ok: false, reason: `The push service ${host} could not be found; check the computer's connection.` };
  }
  if (addresses.length === 0)
    return { ok: false, reason: `The push service ${host} could not be found; check the computer's connection.` };
  if (!addresses.every((a) => network.addressAllowed(a)))
    return { ok: false, reason: `${host} resolves to a private or local address; it is not used.` };
  return { ok: true, url, address: addresses[0]! };
}
