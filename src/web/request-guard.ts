import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WEB_TOKEN_COOKIE } from '../shared/wire';

/**
 * The checks every browser-mode request passes, in order:
 *  1. Host must be 127.0.0.1:<port> or localhost:<port> → else 403 (defeats DNS rebinding: a page on
 *     evil.test that re-resolves to 127.0.0.1 still sends Host: evil.test).
 *  2. The per-launch token, from `?token=` or the same-site cookie → else 401.
 *  3. For WebSockets, Origin must be the origin we served → else 403 (cross-site WebSocket hijacking).
 */
export type GuardVerdict = { ok: true; tokenFromQuery: boolean } | { ok: false; status: 401 | 403; reason: string };

/**
 * Cookies are not scoped by port: every server on 127.0.0.1 — a dev server the model starts included —
 * would receive a cookie holding the token. So the cookie carries a second, asset-only secret: it lets the
 * page load its scripts and styles, never the WebSocket, which needs the real token (kept in sessionStorage).
 */

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      return undefined; // a malformed cookie (any local page can set one) is simply no cookie
    }
  }
  return undefined;
}

export function checkRequest(
  req: Pick<IncomingMessage, 'headers' | 'url'>,
  opts: { port: number; token: string; assetSecret?: string; websocket?: boolean },
): GuardVerdict {
  const host = req.headers.host ?? '';
  if (!allowedHosts(opts.port).includes(host)) return { ok: false, status: 403, reason: 'foreign Host header' };

  if (opts.websocket) {
    const origin = req.headers.origin;
    if (origin !== `http://${host}`) return { ok: false, status: 403, reason: 'foreign Origin' };
  }

  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${host}`);
  } catch {
    return { ok: false, status: 401, reason: 'unreadable request URL' };
  }
  const fromQuery = url.searchParams.get('token');
  if (fromQuery !== null && tokensEqual(fromQuery, opts.token)) return { ok: true, tokenFromQuery: true };
  if (!opts.websocket && opts.assetSecret) {
    const fromCookie = readCookie(req.headers.cookie, WEB_TOKEN_COOKIE);
    if (fromCookie !== undefined && tokensEqual(fromCookie, opts.assetSecret)) return { ok: true, tokenFromQuery: false };
  }
  return { ok: false, status: 401, reason: 'missing or wrong token' };
}
