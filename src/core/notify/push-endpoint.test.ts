import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './push-address';
import { checkPushEndpoint, PUSH_SERVICE_HOSTS, type PushNetwork } from './push-endpoint';

/** The production list and address rule, with a resolver the test answers (no DNS). */
const network = (answers: Record<string, string[]>): PushNetwork => ({
  hosts: PUSH_SERVICE_HOSTS,
  resolve: async (host) => answers[host] ?? [],
  addressAllowed: isPublicAddress,
});
const publicDns = network({
  'fcm.googleapis.com': ['142.250.74.106', '2a00:1450:4001:82a::200a'],
  'updates.push.services.mozilla.com': ['34.117.16.209'],
  'web.push.apple.com': ['17.188.180.70'],
  'wns2-par02p.notify.windows.com': ['20.43.161.67'],
  'evil.push.apple.com': ['192.168.1.1'],
});
const refused = async (endpoint: string, net = publicDns) => {
  const r = await checkPushEndpoint(endpoint, net);
  return r.ok ? 'accepted' : r.reason;
};

describe('push endpoints', () => {
  it('are accepted on the push services browsers use, over https', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQ0',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(await refused(endpoint)).toBe('accepted');
  });

  it('over http, with credentials or on another port are refused', async () => {
    expect(await refused('http://fcm.googleapis.com/fcm/send/x')).toMatch(/https/);
    expect(await refused('https://user:pw@fcm.googleapis.com/fcm/send/x')).toMatch(/user or password/);
    expect(await refused('https://fcm.googleapis.com:8443/fcm/send/x')).toMatch(/standard https port/);
    expect(await refused('not a url')).toMatch(/not a web address/);
  });

  it('naming an IP literal are refused, public or not', async () => {
    expect(await refused('https://127.0.0.1/x')).toMatch(/not an address/);
    expect(await refused('https://142.250.74.106/fcm/send/x')).toMatch(/not an address/);
    expect(await refused('https://[::1]/x')).toMatch(/not an address/);
    expect(await refused('https://[fd00::1]/x')).toMatch(/not an address/);
    expect(await refused('https://2130706433/x')).toMatch(/not an address/); // 127.0.0.1 as one number
  });

  it('on an unknown host are refused, however close the name', async () => {
    expect(await refused('https://example.com/push')).toMatch(/not a push service/);
    expect(await refused('https://fcm.googleapis.com.evil.example/x')).toMatch(/not a push service/);
    expect(await refused('https://notpush.apple.com/x')).toMatch(/not a push service/);
    expect(await refused('https://push.apple.com/x')).toMatch(/not a push service/); // *.push.apple.com needs a label
  });

  it('whose name resolves to a private, loopback or link-local address are refused', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.10',
      '172.20.0.5',
      '169.254.169.254',
      '100.100.1.1',
      '::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ]) {
      const dns = network({ 'fcm.googleapis.com': ['142.250.74.106', address] });
      expect(await refused('https://fcm.googleapis.com/fcm/send/x', dns), address).toMatch(/private or local/);
    }
    expect(await refused('https://evil.push.apple.com/x')).toMatch(/private or local/);
  });

  it('whose name does not resolve are refused with a sentence about the connection', async () => {
    expect(await refused('https://fcm.googleapis.com/x', network({}))).toMatch(/could not be found/);
  });
});

describe('public addresses', () => {
  it('are told from loopback, private, link-local, unique-local and reserved ones', () => {
    for (const a of ['8.8.8.8', '142.250.74.106', '2a00:1450:4001:82a::200a', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '127.8.8.8',
      '10.0.0.1',
      '192.168.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '169.254.1.1',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fdff:ffff::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:192.168.1.1',
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });
});
