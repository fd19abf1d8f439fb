import { describe, expect, it } from 'vitest';
import type os from 'node:os';
import { addressScope, listPhoneAddresses, urlHost } from './addresses';

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as unknown as os.NetworkInterfaceInfo;

describe("this computer's addresses", () => {
  it('lists each interface by name and scope, never loopback or link-local IPv6', () => {
    const list = listPhoneAddresses(
      {
        lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
        wlan0: [entry('192.168.1.20', 'IPv4'), entry('fe80::1', 'IPv6')],
        eth0: [entry('203.0.113.5', 'IPv4')],
        tailscale0: [entry('100.101.102.103', 'IPv4'), entry('fd7a:115c:a1e0::1', 'IPv6')],
      },
      'linux',
    );
    expect(list).toEqual([
      { interface: 'tailscale0', label: 'Tailscale', address: '100.101.102.103', family: 'IPv4', scope: 'tailscale' },
      { interface: 'tailscale0', label: 'Tailscale', address: 'fd7a:115c:a1e0::1', family: 'IPv6', scope: 'tailscale' },
      { interface: 'wlan0', label: 'Wi-Fi', address: '192.168.1.20', family: 'IPv4', scope: 'private' },
      { interface: 'eth0', label: 'Ethernet', address: '203.0.113.5', family: 'IPv4', scope: 'public' },
    ]);
  });

  it('knows private, Tailscale and public addresses', () => {
    expect(['10.1.2.3', '172.16.0.1', '172.31.9.9', '192.168.0.1', 'fd12:3456::1'].map(addressScope)).toEqual(
      Array(5).fill('private'),
    );
    expect(['172.32.0.1', '8.8.8.8', '2001:db8::1', '100.128.0.1'].map(addressScope)).toEqual(Array(4).fill('public'));
    expect(addressScope('100.64.0.1')).toBe('tailscale');
    expect(urlHost('fd7a::1')).toBe('[fd7a::1]');
  });
});
