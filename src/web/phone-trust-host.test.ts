import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import { X509Certificate } from 'node:crypto';
import { makeCertificateAuthority } from '../core/phone/certificates';
import { startTrustHost, type TrustHost } from './phone-trust-host';

const hosts: TrustHost[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close();
});

function get(url: string, host?: string): Promise<{ status: number; type?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    http
      .get({ host: u.hostname, port: u.port, path: u.pathname, headers: host ? { host } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe.skipIf(process.platform !== 'linux')('the trust step', () => {
  it('serves the CA as an iOS profile and an Android file, with the fingerprint to compare, and nothing else', async () => {
    const ca = makeCertificateAuthority('127.0.0.2');
    const host = await startTrustHost({ address: '127.0.0.2', port: 0, caPem: ca.certPem });
    hosts.push(host);
    const fingerprint = new X509Certificate(ca.certPem).fingerprint256;
    const page = await get(host.url);
    expect(page.body.toString()).toContain(fingerprint);
    expect(page.body.toString()).toContain('Enable full trust');
    const profile = await get(`${host.url}claude-desk.mobileconfig`);
    expect(profile.type).toBe('application/x-apple-aspen-config');
    expect(profile.body.toString()).toContain(new X509Certificate(ca.certPem).raw.toString('base64'));
    const der = await get(`${host.url}claude-desk-ca.crt`);
    expect(new X509Certificate(der.body).fingerprint256).toBe(fingerprint);
    expect(profile.body.toString() + page.body.toString()).not.toContain('PRIVATE KEY');
    expect((await get(`${host.url}ca-key.pem`)).status).toBe(404);
    expect((await get(host.url, 'evil.test')).status).toBe(403);
  });
});
