import http from 'node:http';
import https from 'node:https';
import fs from 'node:fs';
import type net from 'node:net';
import { pipeline } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventBus } from '../app/event-bus';
import type { DeviceConnection, DeviceSession, PhoneDevices } from '../app/phone/phone-devices';
import type { PhoneRoute } from '../shared/phone';
import { asCallFrame, WEB_SOCKET_PATH } from '../shared/wire';
import { RENDERER_CSP } from '../shared/csp';
import { cacheControlFor, compressedVariant, resolveStatic } from './static-files';
import { startTrustHost, type TrustHost } from './phone-trust-host';

/**
 * Phone access's listener: beside loopback browser mode (which stays as it is), on the one address the user chose,
 * HTTPS only (the Tailscale route: plain HTTP on loopback, behind `tailscale serve`, still requiring a device's
 * credential). The page's files are public; the WebSocket is not: a connection first gets a nonce and must answer
 * with a paired device's signature of it (or redeem a pairing code), and only then reaches the contract, through the
 * device gate.
 *
 * Hardening: Host must be the bound origin's host exactly; Origin must be the origin on WebSocket upgrades and on
 * every non-GET; Sec-Fetch-Site other than same-origin is refused (a top-level navigation — the link opened from a
 * QR code — sends `none`); no CORS headers; no request bodies at all (nothing here takes one). Before
 * authentication: at most 32 sockets (8 from one source), a 10-second header timeout and 10 seconds to authenticate,
 * 4 KB per message, rate limits per source and overall. After: the usual frame bounds.
 */

export interface PhoneHostOptions {
  devices: PhoneDevices;
  bus: EventBus;
  rendererDir: string;
  /** Where to bind: the chosen address (LAN, own certificate) or 127.0.0.1 (the Tailscale route). */
  bindAddress: string;
  /** The fixed port; 0 (tests) takes a free one. */
  port: number;
  /** The origin phones use, from the bound port: https://<address>:<port> or https://<tailnet name>:<port>. */
  origin: (port: number) => string;
  route: PhoneRoute;
  /** Absent only on the Tailscale route (serve terminates TLS). */
  tls?: { cert: string; key: string };
  /** The Tailscale route: the source address is the tailnet peer serve names, not the socket's (always loopback). */
  trustForwardedFor?: boolean;
  limits?: Partial<PhoneLimits>;
  /** The LAN route: the "trust this computer" page on the next port (phone-trust-host.ts). */
  trustCaPem?: string;
  onError?: (message: string) => void;
}

export interface PhoneLimits {
  preAuthSockets: number;
  preAuthSocketsPerSource: number;
  headerTimeoutMs: number;
  authTimeoutMs: number;
  preAuthMessageBytes: number;
  maxFrameBytes: number;
  /** Requests and upgrades per source in a window, and overall. */
  perSourcePerWindow: number;
  overallPerWindow: number;
  windowMs: number;
}

export const PHONE_LIMITS: PhoneLimits = {
  preAuthSockets: 32,
  preAuthSocketsPerSource: 8,
  headerTimeoutMs: 10_000,
  authTimeoutMs: 10_000,
  preAuthMessageBytes: 4 * 1024,
  maxFrameBytes: 64 * 1024 * 1024,
  perSourcePerWindow: 120,
  overallPerWindow: 600,
  windowMs: 60_000,
};

export interface PhoneHost {
  origin: string;
  port: number;
  trustUrl?: string;
  close(): Promise<void>;
}

/** Counts in a fixed window, per key and overall. */
class RateLimit {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();
  private total = 0;
  constructor(private readonly limits: PhoneLimits) {}
  allow(key: string, now = Date.now()): boolean {
    if (now - this.windowStart >= this.limits.windowMs) {
      this.windowStart = now;
      this.counts.clear();
      this.total = 0;
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    if (n > this.limits.perSourcePerWindow || this.total + 1 > this.limits.overallPerWindow) return false;
    this.counts.set(key, n);
    this.total++;
    return true;
  }
}

const SECURITY_HEADERS: http.OutgoingHttpHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

export async function startPhoneHost(opts: PhoneHostOptions): Promise<PhoneHost> {
  const limits = { ...PHONE_LIMITS, ...opts.limits };
  const rate = new RateLimit(limits);
  let origin = '';
  let expectedHost = '';
  /** Sockets (TCP, TLS handshake included) not yet carrying an authenticated device, by `address:port`. */
  const preAuth = new Map<string, net.Socket>();
  const preAuthBySource = new Map<string, number>();
  const authed = new Set<string>();

  const serverOptions = {
    maxHeaderSize: 8 * 1024,
    requestTimeout: limits.headerTimeoutMs,
    headersTimeout: limits.headerTimeoutMs,
  };
  const server = opts.tls
    ? https.createServer({
        ...serverOptions,
        cert: opts.tls.cert,
        key: opts.tls.key,
        minVersion: 'TLSv1.2',
        handshakeTimeout: limits.headerTimeoutMs,
      })
    : http.createServer(serverOptions);
  server.headersTimeout = limits.headerTimeoutMs;
  server.requestTimeout = limits.headerTimeoutMs;
  server.keepAliveTimeout = 5_000;

  const keyOf = (socket: net.Socket): string => `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? 0}`;
  const forget = (key: string): void => {
    const socket = preAuth.get(key);
    if (!socket || !preAuth.delete(key)) return;
    const source = socket.remoteAddress ?? '?';
    const n = (preAuthBySource.get(source) ?? 1) - 1;
    if (n <= 0) preAuthBySource.delete(source);
    else preAuthBySource.set(source, n);
  };
  // Before authentication a socket is cheap to open and costly to hold: a bounded number, timed out.
  server.on('connection', (socket: net.Socket) => {
    const source = socket.remoteAddress ?? '?';
    const key = keyOf(socket);
    const fromSource = preAuthBySource.get(source) ?? 0;
    if (preAuth.size >= limits.preAuthSockets || fromSource >= limits.preAuthSocketsPerSource) {
      socket.destroy();
      return;
    }
    preAuth.set(key, socket);
    preAuthBySource.set(source, fromSource + 1);
    // Not authenticated in time (an idle socket, a slow header, a page that never signs): closed.
    const timer = setTimeout(() => {
      if (!authed.has(key)) socket.destroy();
    }, limits.headerTimeoutMs + limits.authTimeoutMs);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      forget(key);
      authed.delete(key);
    });
  });
  server.on('tlsClientError', (_err, socket) => socket.destroy());
  server.on('clientError', (_err, socket) => socket.destroy());

  /** Host, Origin and Sec-Fetch-Site, for every request and upgrade. */
  function refusal(req: http.IncomingMessage, upgrade: boolean): string | undefined {
    if (req.headers.host !== expectedHost) return 'foreign Host';
    const method = req.method ?? 'GET';
    const fetchSite = req.headers['sec-fetch-site'];
    if (upgrade || (method !== 'GET' && method !== 'HEAD')) {
      if (req.headers.origin !== origin) return 'foreign Origin';
    } else if (req.headers.origin !== undefined && req.headers.origin !== origin) return 'foreign Origin';
    if (fetchSite !== undefined && fetchSite !== 'same-origin') {
      // The link opened from the QR code, typed, or from the Home Screen: a top-level navigation from nowhere.
      const navigation = req.headers['sec-fetch-mode'] === 'navigate' && fetchSite === 'none' && method === 'GET';
      if (!navigation) return 'cross-site request';
    }
    return undefined;
  }

  function sourceAddress(req: http.IncomingMessage): string {
    if (opts.trustForwardedFor) {
      const forwarded = req.headers['x-forwarded-for'];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
      if (first) return first.slice(0, 100);
    }
    return req.socket.remoteAddress ?? '?';
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    void serveHttp(req, res).catch((err: unknown) => {
      opts.onError?.(`phone access: ${String(err)}`);
      if (!res.headersSent) res.writeHead(500, SECURITY_HEADERS).end('Internal error\n');
    });
  });

  async function serveHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const deny = (status: number, text: string, extra: http.OutgoingHttpHeaders = {}): void => {
      res.writeHead(status, {
        ...SECURITY_HEADERS,
        'content-type': 'text/plain; charset=utf-8',
        connection: 'close',
        ...extra,
      });
      res.end(`${text}\n`);
    };
    if (!rate.allow(sourceAddress(req))) return deny(429, 'Too many requests: wait a minute.');
    const why = refusal(req, false);
    if (why) return deny(403, 'Forbidden');
    if (req.method !== 'GET' && req.method !== 'HEAD') return deny(405, 'Method not allowed', { allow: 'GET, HEAD' });
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
      return deny(400, 'No request bodies here.');
    const url = new URL(req.url ?? '/', 'https://x');
    // The pairing page is the app's own page (main.tsx starts it on /pair).
    const pathname = url.pathname === '/pair' ? '/' : url.pathname;
    const found = await resolveStatic(opts.rendererDir, pathname);
    if (!found) return deny(404, 'Not found');
    const variant = await compressedVariant(found.file, req.headers['accept-encoding']);
    const headers: http.OutgoingHttpHeaders = {
      ...SECURITY_HEADERS,
      'content-type': found.type,
      'cache-control': cacheControlFor(opts.rendererDir, found.file),
      vary: 'accept-encoding',
      'content-security-policy': RENDERER_CSP,
      ...(opts.tls || opts.trustForwardedFor ? { 'strict-transport-security': 'max-age=31536000' } : {}),
    };
    if (variant) {
      headers['content-encoding'] = variant.encoding;
      headers['content-length'] = variant.size;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    pipeline(fs.createReadStream(variant?.file ?? found.file), res, () => {});
  }

  // Before authentication a message is at most 4 KB; the socket's limit is raised once a device has proven itself.
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.preAuthMessageBytes, perMessageDeflate: false });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const reject = (status: number, text: string): void => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!rate.allow(sourceAddress(req))) return reject(429, 'Too Many Requests');
    if ((req.url ?? '/').split('?')[0] !== WEB_SOCKET_PATH) return reject(404, 'Not Found');
    if (refusal(req, true)) return reject(403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, req, socket));
  });

  const sessions = new Set<() => void>();
  function attach(ws: WebSocket, req: http.IncomingMessage, socket: net.Socket): void {
    const address = sourceAddress(req);
    const send = (frame: object): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const conn: DeviceConnection = {
      address,
      route: opts.route,
      send,
      close: (code, reason) => {
        send({ kind: 'closed', message: reason });
        ws.close(code, reason.slice(0, 120));
        // Within a second, whatever the peer does.
        setTimeout(() => ws.terminate(), 1_000).unref();
      },
    };
    let session: DeviceSession | undefined;
    let authenticating = false;
    let unsubscribe = (): void => {};
    const nonce = opts.devices.nonces.issue();
    send({ kind: 'hello', nonce });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      unsubscribe();
      session?.end();
      sessions.delete(endThis);
    });
    const endThis = (): void => ws.terminate();
    sessions.add(endThis);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'JSON only');
      let frame: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(String(data));
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        frame = parsed as Record<string, unknown>;
      } catch {
        return ws.close(1003, 'JSON only');
      }
      if (session) {
        const call = asCallFrame(frame);
        if (!call) return;
        void session
          .call(call.name, call.input)
          .then(
            (value) => ({ kind: 'result', id: call.id, ok: true, value: value ?? null }),
            (err: unknown) => ({
              kind: 'result',
              id: call.id,
              ok: false,
              error: err instanceof Error ? err.message : String(err),
            }),
          )
          .then(send);
        return;
      }
      if (frame.kind === 'auth' && !authenticating) {
        authenticating = true;
        void opts.devices.authenticate({ ...frame, nonce }, origin, conn).then((s) => {
          if (!s) {
            send({
              kind: 'denied',
              message: 'This device is not paired with this computer (or no longer). Pair it again.',
            });
            ws.close(4401, 'not paired');
            return;
          }
          session = s;
          authed.add(keyOf(socket));
          forget(keyOf(socket));
          raiseFrameLimit(ws, limits.maxFrameBytes);
          unsubscribe = opts.bus.subscribe((name, payload) => {
            if (session?.mayReceive(name)) send({ kind: 'event', name, payload });
          });
          send({ kind: 'authed', deviceId: s.device.id, name: s.device.name });
        });
        return;
      }
      if (frame.kind === 'pair') {
        const reply = opts.devices.redeem(frame.code, frame.publicKey, conn);
        send(reply);
        if (reply.kind === 'pair-end') ws.close(4400, 'pairing refused');
        else {
          // Waiting for the user at the computer: this socket may stay a while (the request's own 2 minutes).
          authed.add(keyOf(socket));
          forget(keyOf(socket));
        }
        return;
      }
      ws.close(4400, 'authenticate first');
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.bindAddress, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  origin = opts.origin(port);
  expectedHost = new URL(origin).host;
  let trust: TrustHost | undefined;
  if (opts.trustCaPem) {
    try {
      trust = await startTrustHost({ address: opts.bindAddress, port: port + 1, caPem: opts.trustCaPem });
    } catch (err) {
      opts.onError?.(`phone access: the trust page could not start on port ${port + 1}: ${String(err)}`);
    }
  }

  return {
    origin,
    port,
    trustUrl: trust?.url,
    async close() {
      await trust?.close();
      for (const end of sessions) end();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      for (const s of preAuth.values()) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * ws sets one payload limit per server; a proven device's socket gets the usual bound (room for pasted images), while
 * an unauthenticated one keeps 4 KB. ws 8 keeps the limit on the socket's receiver.
 */
function raiseFrameLimit(ws: WebSocket, bytes: number): void {
  const receiver = (ws as unknown as { _receiver?: { _maxPayload?: number } })._receiver;
  if (receiver && typeof receiver._maxPayload === 'number') receiver._maxPayload = bytes;
}
