import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  Certificate,
  ExtendedKeyUsage,
  id_ce_extKeyUsage,
  id_ce_nameConstraints,
  id_kp_serverAuth,
  NameConstraints,
} from '@peculiar/asn1-x509';
import {
  certificateFingerprint,
  certificateServes,
  makeCertificateAuthority,
  makeServerCertificate,
  mobileConfig,
  spkiHash,
} from './certificates';

const DAY = 24 * 60 * 60 * 1000;

function extension(pem: string, oid: string): ArrayBuffer | undefined {
  const cert = AsnConvert.parse(new X509Certificate(pem).raw, Certificate);
  return cert.tbsCertificate.extensions?.find((e) => e.extnID === oid)?.extnValue.buffer;
}

describe('the LAN route certificates', () => {
  const address = '192.168.1.20';
  const ca = makeCertificateAuthority(address);
  const server = makeServerCertificate(ca, address);

  it('makes a CA constrained to the one address, and a server certificate it signs', () => {
    const caCert = new X509Certificate(ca.certPem);
    const cert = new X509Certificate(server.certPem);
    expect(caCert.ca).toBe(true);
    expect(cert.ca).toBe(false);
    expect(cert.verify(caCert.publicKey)).toBe(true);
    expect(cert.checkIssued(caCert)).toBe(true);
    const constraints = AsnConvert.parse(extension(ca.certPem, id_ce_nameConstraints)!, NameConstraints);
    const ips = (constraints.permittedSubtrees ?? []).flatMap((s) => (s.base.iPAddress ? [s.base.iPAddress] : []));
    expect(ips).toHaveLength(1);
    expect(ips[0]).toMatch(/^192\.168\.1\.20\/(32|255\.255\.255\.255)$/);
    expect(constraints.permittedSubtrees?.some((s) => s.base.dNSName === 'invalid')).toBe(true);
  });

  it("meets Apple's rules: IP in the SAN, serverAuth, at most 825 days", () => {
    const cert = new X509Certificate(server.certPem);
    expect(cert.subjectAltName).toBe(`IP Address:${address}`);
    expect(cert.checkIP(address)).toBe(address);
    expect(cert.checkIP('192.168.1.21')).toBeUndefined();
    const eku = AsnConvert.parse(extension(server.certPem, id_ce_extKeyUsage)!, ExtendedKeyUsage);
    expect([...eku]).toEqual([id_kp_serverAuth]);
    const days = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / DAY;
    expect(days).toBeLessThanOrEqual(825);
    expect(certificateServes(server.certPem, address)).toBe(true);
    expect(certificateServes(server.certPem, '10.0.0.1')).toBe(false);
    expect(certificateServes(server.certPem, address, Date.now() + 820 * DAY)).toBe(false);
  });

  it('openssl accepts the chain for the address and refuses a certificate the CA signed for another', () => {
    let openssl = true;
    try {
      execFileSync('openssl', ['version']);
    } catch {
      openssl = false;
    }
    if (!openssl) return; // the checks above stand alone
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-cert-'));
    try {
      fs.writeFileSync(path.join(dir, 'ca.pem'), ca.certPem);
      fs.writeFileSync(path.join(dir, 'ok.pem'), server.certPem);
      fs.writeFileSync(path.join(dir, 'other.pem'), makeServerCertificate(ca, '10.1.2.3').certPem);
      const verify = (file: string): string =>
        execFileSync(
          'openssl',
          ['verify', '-purpose', 'sslserver', '-CAfile', path.join(dir, 'ca.pem'), path.join(dir, file)],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
        );
      expect(verify('ok.pem')).toContain('OK');
      expect(() => verify('other.pem')).toThrow(/name constraint|permitted subtree/i);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the fingerprint a phone shows, the SPKI hash, and an iOS profile holding the CA', () => {
    expect(certificateFingerprint(ca.certPem)).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Buffer.from(spkiHash(server.certPem), 'base64')).toHaveLength(32);
    const profile = mobileConfig(ca.certPem, address);
    expect(profile).toContain('com.apple.security.root');
    expect(profile).toContain(new X509Certificate(ca.certPem).raw.toString('base64'));
  });

  it('works for an IPv6 address too', () => {
    const v6 = 'fd7a:115c:a1e0::1';
    const ca6 = makeCertificateAuthority(v6);
    const cert = new X509Certificate(makeServerCertificate(ca6, v6).certPem);
    expect(cert.checkIP(v6)).toBeDefined();
  });
});
