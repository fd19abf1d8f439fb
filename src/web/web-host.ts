import http from 'node:http';
import fs from 'node:fs';
import { pipeline } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DeskHandlers } from '../shared/contract';
import { dispatchCall } from '../app/dispatch-call';
import { asCallFrame, WEB_SOCKET_PATH, WEB_TOKEN_COOKIE, type ServerFrame } from '../shared/wire';
import type { EventBus } from '../app/event-bus';
import { checkRequest } from './request-guard';
import { cacheControlFor, compressedVariant, resolveStatic } from './static-files';
import { RENDERER_CSP } from '../shared/csp';

export interface WebHostOptions {
  handlers: DeskHandlers;
  bus: EventBus;
  rendererDir: string;
  port?: number;
  /** Test seam: a fixed token instead of a random one. */
  token?: string;
  /** Largest WebSocket frame accepted (default 64 MiB: room for a few pasted images). */
  maxFrameBytes?: number;
  onError?: (message: string) => void;
}

export interface WebHost {
  url: string;
  port: number;
  token: string;
  /** The tabs connected now (their sockets): a closed tab leaves none behind. */
  openSockets(): number;
  close(): Promise<void>;
}

const MAX_FRAME_BYTES = 64 * 1024 * 1024; // room for a few pasted images

/**
 * Browser mode: the same renderer and the same app services over loopback HTTP + WebSocket.
 * Bound to 127.0.0.1 only; a random token per launch; see request-guard.ts for the checks.
 */
export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const assetSecret = randomBytes(32).toString('base64url'); // see request-guard.ts
  let port = 0;

  const server = http.createServer((req, res) => {
    void serveHttp(req, res).catch((err: unknown) => {
      opts.onError?.(`browser mode: ${String(err)}`);
      if (!res.headersSent) res.writeHead(500).end('Internal error');
    });
  });

  async function serveHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const verdict = checkRequest(req, { port, token, assetSecret });
    if (!verdict.ok) {
      res.writeHead(verdict.status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(
        verdict.status === 401
          ? 'Unauthorized: open the address Claude Desk printed, with its token.\n'
          : 'Forbidden\n',
      );
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const found = await resolveStatic(opts.rendererDir, url.pathname);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    const variant = await compressedVariant(found.file, req.headers['accept-encoding']);
    const headers: http.OutgoingHttpHeaders = {
      'content-type': found.type,
      'cache-control': cacheControlFor(opts.rendererDir, found.file),
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy': RENDERER_CSP,
    };
    if (variant) {
      headers['content-encoding'] = variant.encoding;
      headers['content-length'] = variant.size;
    }
    if (verdict.tokenFromQuery) {
      headers['set-cookie'] =
        `${WEB_TOKEN_COOKIE}=${encodeURIComponent(assetSecret)}; HttpOnly; SameSite=Strict; Path=/`;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    // pipeline, not pipe: a file replaced mid-read (a rebuild while serving) ends this response, not the host.
    pipeline(fs.createReadStream(variant?.file ?? found.file), res, () => {});
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes ?? MAX_FRAME_BYTES });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const pathname = (req.url ?? '/').split('?')[0];
    const verdict = pathname === WEB_SOCKET_PATH ? checkRequest(req, { port, token, websocket: true }) : null;
    if (!verdict?.ok) {
      const status = verdict ? verdict.status : 404;
      socket.end(
        `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\n\r\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  const unsubscribeAll = new Set<() => void>();
  function attach(ws: WebSocket): void {
    const send = (frame: ServerFrame): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const unsubscribe = opts.bus.subscribe((name, payload) => send({ kind: 'event', name, payload } as ServerFrame));
    unsubscribeAll.add(unsubscribe);
    // An oversized or malformed frame closes this socket; it must never take the host down.
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      unsubscribe();
      unsubscribeAll.delete(unsubscribe);
    });
    ws.on('message', (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        return; // not ours; ignore
      }
      const frame = asCallFrame(parsed);
      if (frame) void dispatch(frame).then(send);
    });
  }

  async function dispatch(frame: { id: number; name: unknown; input: unknown }): Promise<ServerFrame> {
    try {
      const value = await dispatchCall(opts.handlers, frame.name, frame.input);
      return { kind: 'result', id: frame.id, ok: true, value: value ?? null };
    } catch (err) {
      return { kind: 'result', id: frame.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as { port: number }).port;

  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    openSockets: () => wss.clients.size,
    async close() {
      for (const u of unsubscribeAll) u();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
