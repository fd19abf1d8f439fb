import http from 'node:http';
import { X509Certificate } from 'node:crypto';
import type net from 'node:net';
import { mobileConfig } from '../core/phone/certificates';

/**
 * The LAN route's "trust this computer" step, before pairing: plain HTTP on the same address, the next port, serving
 * only the certificate authority — as an iOS profile (`.mobileconfig`; then Settings → General → About → Certificate
 * Trust Settings → Enable full trust) and as the CA file for Android — each page showing the SHA-256 fingerprint to
 * compare with the one Claude Desk shows. Nothing here is secret, and nothing here is trusted: a changed file shows
 * a different fingerprint. GET only, Host checked, small and short-lived connections.
 */
export interface TrustHost {
  url: string;
  close(): Promise<void>;
}

export async function startTrustHost(opts: { address: string; port: number; caPem: string }): Promise<TrustHost> {
  const ca = new X509Certificate(opts.caPem);
  const fingerprint = ca.fingerprint256;
  const profile = mobileConfig(opts.caPem, opts.address);
  const hostName = opts.address.includes(':') ? `[${opts.address}]` : opts.address;
  let expectedHost = '';
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Trust this computer — Claude Desk</title></head><body style="font:1rem/1.5 system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem">
<h1>Trust this computer</h1>
<p>Compare this fingerprint with the one Claude Desk shows. If they differ, stop.</p>
<p><code style="word-break:break-all">${fingerprint}</code></p>
<h2>iPhone or iPad</h2>
<ol><li><a href="/claude-desk.mobileconfig">Download the profile</a>, then Settings → Profile Downloaded → Install.</li>
<li>Settings → General → About → Certificate Trust Settings → turn on <b>Enable full trust</b> for Claude Desk.</li></ol>
<h2>Android</h2>
<ol><li><a href="/claude-desk-ca.crt">Download the certificate</a>.</li><li>Settings → Security → Encryption &amp; credentials → Install a certificate → CA certificate.</li></ol>
<p>Then open the pairing link Claude Desk shows.</p></body></html>`;
  const headers = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  const server = http.createServer(
    { maxHeaderSize: 8 * 1024, headersTimeout: 10_000, requestTimeout: 10_000 },
    (req, res) => {
      if (req.headers.host !== expectedHost) return void res.writeHead(403, headers).end('Forbidden\n');
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return void res.writeHead(405, { ...headers, allow: 'GET' }).end();
      const send = (type: string, body: string | Buffer, name?: string): void => {
        res.writeHead(200, {
          ...headers,
          'content-type': type,
          ...(name ? { 'content-disposition': `attachment; filename="${name}"` } : {}),
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/') return send('text/html; charset=utf-8', page);
      if (path === '/claude-desk.mobileconfig')
        return send('application/x-apple-aspen-config', profile, 'claude-desk.mobileconfig');
      if (path === '/claude-desk-ca.crt') return send('application/x-x509-ca-cert', ca.raw, 'claude-desk-ca.crt');
      res.writeHead(404, headers).end('Not found\n');
    },
  );
  server.maxConnections = 32;
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.address, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  expectedHost = `${hostName}:${port}`;
  return {
    url: `http://${expectedHost}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
