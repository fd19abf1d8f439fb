import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { X509Certificate, type KeyObject } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  GeneralName,
  GeneralSubtree,
  GeneralSubtrees,
  id_ce_authorityKeyIdentifier,
  id_ce_basicConstraints,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  id_ce_nameConstraints,
  id_ce_subjectAltName,
  id_ce_subjectKeyIdentifier,
  id_kp_serverAuth,
  KeyUsage,
  KeyUsageFlags,
  Name,
  NameConstraints,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectKeyIdentifier,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';

/**
 * The LAN route's certificates: a local certificate authority Claude Desk makes once per address, name-constrained to
 * that one address (it can vouch for nothing else, should its key ever leak), and the server certificate it signs,
 * made to Apple's rules for a TLS server (the IP address in the subject alternative name, serverAuth in the extended
 * key usage, at most 825 days). ECDSA P-256 throughout; the keys never leave this computer's data dir.
 */

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Apple's limit for a TLS server certificate: 825 days (we stay a day under it, clocks being what they are). */
export const SERVER_CERT_DAYS = 824;
/** The CA lives as long as its address is the one chosen; ten years bounds it. */
export const CA_DAYS = 3650;

export interface PemPair {
  certPem: string;
  keyPem: string;
}

export interface LocalCertificates {
  ca: PemPair;
  server: PemPair;
  /** The CA's SHA-256 fingerprint, colon-separated upper-case hex, to compare on the phone. */
  caFingerprint: string;
}

function cn(commonName: string): Name {
  return new Name([
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: '2.5.4.3', value: new AttributeValue({ utf8String: commonName }) }),
    ]),
  ]);
}

function spkiOf(key: KeyObject): SubjectPublicKeyInfo {
  const pub = key.type === 'public' ? key : createPublicKey(key);
  const der = pub.export({ type: 'spki', format: 'der' });
  return AsnConvert.parse(der, SubjectPublicKeyInfo);
}

function keyId(key: KeyObject): ArrayBuffer {
  const spki = spkiOf(key);
  const digest = createHash('sha1').update(new Uint8Array(spki.subjectPublicKey)).digest();
  return new Uint8Array(digest).buffer;
}

function ext(extnID: string, critical: boolean, value: unknown): Extension {
  return new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });
}

function serial(): ArrayBuffer {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x01; // a positive integer, no leading zero byte
  return new Uint8Array(bytes).buffer;
}

function signCertificate(tbs: TBSCertificate, issuerKey: KeyObject): string {
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const signature = sign('sha256', tbsDer, issuerKey); // DER-encoded ECDSA, as X.509 wants it
  const cert = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 }),
    signatureValue: new Uint8Array(signature).buffer,
  });
  const der = Buffer.from(AsnConvert.serialize(cert));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

function isIPv6(address: string): boolean {
  return address.includes(':');
}

/** A certificate authority that may vouch only for `address` (and for no DNS name that resolves anywhere). */
export function makeCertificateAuthority(address: string, now = Date.now()): PemPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = cn(`Claude Desk for ${address} (${randomBytes(4).toString('hex')})`);
  const permitted = new GeneralSubtrees([
    new GeneralSubtree({ base: new GeneralName({ iPAddress: `${address}/${isIPv6(address) ? 128 : 32}` }) }),
    // A permitted DNS subtree makes every other DNS name fall outside: only `.invalid`, which never resolves.
    new GeneralSubtree({ base: new GeneralName({ dNSName: 'invalid' }) }),
  ]);
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serial(),
    signature: new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 }),
    issuer: name,
    subject: name,
    validity: new Validity({ notBefore: new Date(now - DAY_MS), notAfter: new Date(now + CA_DAYS * DAY_MS) }),
    subjectPublicKeyInfo: spkiOf(publicKey),
    extensions: new Extensions([
      ext(id_ce_basicConstraints, true, new BasicConstraints({ cA: true, pathLenConstraint: 0 })),
      ext(id_ce_keyUsage, true, new KeyUsage(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign)),
      ext(id_ce_nameConstraints, true, new NameConstraints({ permittedSubtrees: permitted })),
      ext(id_ce_subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyId(publicKey))),
    ]),
  });
  return {
    certPem: signCertificate(tbs, privateKey),
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The listener's certificate for `address`, signed by the CA: Apple's rules for a TLS server. */
export function makeServerCertificate(ca: PemPair, address: string, now = Date.now()): PemPair {
  const caKey = createPrivateKey(ca.keyPem);
  const caCert = new X509Certificate(ca.certPem);
  const caParsed = AsnConvert.parse(caCert.raw, Certificate);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serial(),
    signature: new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 }),
    issuer: caParsed.tbsCertificate.subject,
    subject: cn('Claude Desk phone access'), // not the address: a CN that looks like a host name meets DNS constraints
    validity: new Validity({
      notBefore: new Date(now - DAY_MS),
      notAfter: new Date(now + SERVER_CERT_DAYS * DAY_MS),
    }),
    subjectPublicKeyInfo: spkiOf(publicKey),
    extensions: new Extensions([
      ext(id_ce_basicConstraints, true, new BasicConstraints({ cA: false })),
      ext(id_ce_keyUsage, true, new KeyUsage(KeyUsageFlags.digitalSignature)),
      ext(id_ce_extKeyUsage, false, new ExtendedKeyUsage([id_kp_serverAuth])),
      ext(id_ce_subjectAltName, false, new SubjectAlternativeName([new GeneralName({ iPAddress: address })])),
      ext(id_ce_subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyId(publicKey))),
      ext(
        id_ce_authorityKeyIdentifier,
        false,
        new AuthorityKeyIdentifier({ keyIdentifier: new SubjectKeyIdentifier(keyId(caKey)) }),
      ),
    ]),
  });
  return {
    certPem: signCertificate(tbs, caKey),
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** SHA-256 of a certificate, as phones and browsers show it: AB:CD:… */
export function certificateFingerprint(certPem: string): string {
  return new X509Certificate(certPem).fingerprint256;
}

/** base64 SHA-256 of a certificate's public key (its SPKI): what HPKP-style pins and Chromium's SPKI lists take. */
export function spkiHash(certPem: string): string {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/** The certificate still serves `address` for at least a week (else it is made again). */
export function certificateServes(certPem: string, address: string, now = Date.now()): boolean {
  try {
    const cert = new X509Certificate(certPem);
    return cert.checkIP(address) !== undefined && Date.parse(cert.validTo) - now > 7 * DAY_MS;
  } catch {
    return false;
  }
}

/** An iOS configuration profile that installs the CA (then Settings → General → About → Certificate Trust Settings). */
export function mobileConfig(caPem: string, address: string): string {
  const der = new X509Certificate(caPem).raw.toString('base64');
  const uuid = (): string => {
    const h = randomBytes(16).toString('hex').toUpperCase();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  const safe = address.replace(/[^0-9A-Fa-f.:]/g, '');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>PayloadContent</key>
  <array>
    <dict>
      <key>PayloadCertificateFileName</key><string>claude-desk-ca.cer</string>
      <key>PayloadContent</key><data>${der}</data>
      <key>PayloadDisplayName</key><string>Claude Desk (${safe})</string>
      <key>PayloadIdentifier</key><string>app.claude-desk.ca.${uuid()}</string>
      <key>PayloadType</key><string>com.apple.security.root</string>
      <key>PayloadUUID</key><string>${uuid()}</string>
      <key>PayloadVersion</key><integer>1</integer>
    </dict>
  </array>
  <key>PayloadDisplayName</key><string>Trust Claude Desk on ${safe}</string>
  <key>PayloadIdentifier</key><string>app.claude-desk.trust.${uuid()}</string>
  <key>PayloadType</key><string>Configuration</string>
  <key>PayloadUUID</key><string>${uuid()}</string>
  <key>PayloadVersion</key><integer>1</integer>
</dict>
</plist>
`;
}
