import net from 'node:net';

/**
 * Whether an address is on the public internet. A push endpoint may only reach a push service there: never this
 * computer (loopback), the user's network (RFC 1918, unique-local fc00::/7), link-local (169.254/16, fe80::/10 —
 * cloud metadata lives there), carrier-grade NAT and Tailscale (100.64/10), multicast or the reserved ranges. A page
 * that could name such an endpoint would make Claude Desk post to the user's router or a local service.
 */
const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const embedded = embeddedIPv4(address);
  if (embedded !== null) return isPublicAddress(embedded);
  return !NOT_PUBLIC.check(address, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 (64:ff9b::/96) IPv6 one. */
function embeddedIPv4(address: string): string | null {
  const words = expandIPv6(address);
  if (!words) return null;
  const head = words.slice(0, 6);
  const mapped = head.slice(0, 5).every((w) => w === 0) && (head[5] === 0xffff || head[5] === 0);
  const nat64 = head[0] === 0x64 && head[1] === 0xff9b && head.slice(2).every((w) => w === 0);
  if (!mapped && !nat64) return null;
  if (mapped && head[5] === 0 && words[6] === 0) return null; // :: and ::1 are judged as IPv6
  const [hi = 0, lo = 0] = words.slice(6);
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

function expandIPv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = text.split('::');
  const l = left ? left.split(':') : [];
  const r = right ? right.split(':') : [];
  const fill = right === undefined ? 0 : 8 - l.length - r.length;
  if (fill < 0) return null;
  const words = [...l, ...Array<string>(fill).fill('0'), ...r].map((w) => parseInt(w, 16));
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}
