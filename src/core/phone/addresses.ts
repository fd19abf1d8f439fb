import os from 'node:os';
import type { PhoneAddress } from '../../shared/phone';

/**
 * This computer's addresses a phone could reach, by interface (never 0.0.0.0, never loopback): what Settings offers
 * and what `web --phone --address` accepts.
 */

type Interfaces = ReturnType<typeof os.networkInterfaces>;

function v4(address: string): number[] | undefined {
  const parts = address.split('.').map(Number);
  return parts.length === 4 && parts.every((p) => Number.isInteger(p) && p >= 0 && p <= 255) ? parts : undefined;
}

/** private (RFC 1918, link-local, ULA), tailscale (CGNAT 100.64/10 and Tailscale's fd7a:115c:a1e0::/48), or public. */
export function addressScope(address: string): PhoneAddress['scope'] {
  const p = v4(address);
  if (p) {
    const [a = 0, b = 0] = p;
    if (a === 100 && b >= 64 && b <= 127) return 'tailscale';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254))
      return 'private';
    return 'public';
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('fd7a:115c:a1e0:')) return 'tailscale';
  if (/^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower)) return 'private';
  return 'public';
}

export function interfaceLabel(name: string, scope: PhoneAddress['scope'], platform = process.platform): string {
  if (scope === 'tailscale' || /^tailscale/i.test(name)) return 'Tailscale';
  if (/^(wg|tun|tap|utun|ppp|ipsec)/i.test(name)) return 'VPN';
  if (/^(wl|wlan|wifi|ath)/i.test(name) || /wi-?fi|wireless/i.test(name)) return 'Wi-Fi';
  if (platform === 'darwin' && /^en\d+$/.test(name)) return name === 'en0' ? 'Wi-Fi' : 'Ethernet';
  if (/^(eth|en|eno|enp|ens|enx)/i.test(name) || /ethernet/i.test(name)) return 'Ethernet';
  return 'Other';
}

export function listPhoneAddresses(
  interfaces: Interfaces = os.networkInterfaces(),
  platform: NodeJS.Platform = process.platform,
): PhoneAddress[] {
  const out: PhoneAddress[] = [];
  for (const [name, entries] of Object.entries(interfaces)) {
    for (const e of entries ?? []) {
      if (e.internal) continue;
      if (e.family === 'IPv6' && /^fe[89ab]/i.test(e.address)) continue; // link-local needs a zone: no origin has one
      if (e.address === '0.0.0.0' || e.address === '::') continue;
      const scope = addressScope(e.address);
      out.push({
        interface: name,
        label: interfaceLabel(name, scope, platform),
        address: e.address,
        family: e.family,
        scope,
      });
    }
  }
  const rank = (a: PhoneAddress): number =>
    (a.scope === 'tailscale' ? 0 : a.scope === 'private' ? 1 : 2) * 2 + (a.family === 'IPv4' ? 0 : 1);
  return out.sort((a, b) => rank(a) - rank(b));
}

/** How an address is written in a URL's host: IPv6 in brackets. */
export function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * Test seam: `CLAUDE_DESK_PHONE_LOOPBACK_ADDRESS=127.0.0.2` offers that loopback address too (as a phone's network
 * stands in a test on one machine). Only 127.x addresses: it can never widen what phone access listens on.
 */
export function loopbackForTests(env: NodeJS.ProcessEnv): PhoneAddress[] {
  const address = env.CLAUDE_DESK_PHONE_LOOPBACK_ADDRESS;
  if (!address || !/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address)) return [];
  return [{ interface: 'lo', label: 'Other', address, family: 'IPv4', scope: 'private' }];
}
