import type { IncomingMessage } from 'node:http';
import { WEB_TOKEN_COOKIE } from '../shared/wire';
import { isLoopbackHost, secretsEqual } from '../core/net/loopback-guard';

/**
 * The checks every browser-mode request passes, in order:
 *  1. Host must be 127.0.0.1:<port> or localhost:<port> → else 403 (defeats DNS rebinding: a page on
 *     evil.test that re-resolves to 127.0.0.1 still sends Host: evil.test).
 *  2. The per-launch token, from `?token=` → else 401. For the page's own files, the same-site cookie
 *     also works: cookies are not scoped by port, so every server on 127.0.0.1 (a dev server the model
 *     starts included) would receive it — it therefore holds a second, asset-only secret, never the token
 *     the WebSocket needs (kept in the tab's sessionStorage).
 *  3. For WebSockets, Origin must be the origin we served → else 403 (cross-site WebSocket hijacking).
 */
export type GuardVerdict = { ok: true; tokenFromQuery: boolean } | { ok: false; status: 401 | 403; reason: string };

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
  if (!isLoopbackHost(host, opts.port)) return { ok: false, status: 403, reason: 'foreign Host header' };

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
  if (fromQuery !== null && secretsEqual(fromQuery, opts.token)) return { ok: true, tokenFromQuery: true };
  if (!opts.websocket && opts.assetSecret) {
    const fromCookie = readCookie(req.headers.cookie, WEB_TOKEN_COOKIE);
    if (fromCookie !== undefined && secretsEqual(fromCookie, opts.assetSecret))
      return { ok: true, tokenFromQuery: false };
  }
  return { ok: false, status: 401, reason: 'missing or wrong token' };
}
