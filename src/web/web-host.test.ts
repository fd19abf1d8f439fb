import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { EventBus } from '../app/event-bus';
import type { DeskHandlers } from '../shared/contract';
import { startWebHost, type WebHost } from './web-host';

function get(
  port: number,
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathAndQuery, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function openSocket(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('browser-mode host', () => {
  let host: WebHost;
  let dir: string;
  const bus = new EventBus();
  const handlers = {
    getAppInfo: async () => ({
      name: 'Claude Desk',
      version: '9.9.9',
      host: 'web',
      platform: 'linux',
      dataDir: '/d',
      logFile: '/d/l',
    }),
    renameThread: async () => null,
  } as unknown as DeskHandlers;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-web-'));
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Claude Desk</title>');
    host = await startWebHost({ handlers, bus, rendererDir: dir, token: 'secret-token' });
  });
  afterAll(async () => {
    await host.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('prints a loopback URL with the token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=secret-token`);
  });

  it('refuses requests without the right token (401) and a foreign Host (403)', async () => {
    expect((await get(host.port, '/')).status).toBe(401);
    expect((await get(host.port, '/?token=nope')).status).toBe(401);
    expect((await get(host.port, '/?token=secret-token', { host: 'evil.test' })).status).toBe(403);
    expect((await get(host.port, '/?token=secret-token', { host: `evil.test:${host.port}` })).status).toBe(403);
  });

  it('serves the app with the token, sets a same-site cookie, and accepts the cookie afterwards', async () => {
    const first = await get(host.port, '/?token=secret-token');
    expect(first.status).toBe(200);
    expect(first.body).toContain('Claude Desk');
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const again = await get(host.port, '/', { cookie: cookie.split(';')[0]! });
    expect(again.status).toBe(200);
    for (const escape of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await get(host.port, escape, { cookie: cookie.split(';')[0]! });
      expect(res.body).not.toContain('root:');
    }
  });

  it('round-trips a call over the WebSocket and pushes events', async () => {
    const origin = `http://127.0.0.1:${host.port}`;
    const ws = await openSocket(`ws://127.0.0.1:${host.port}/ws?token=secret-token`, { origin });
    const frames: unknown[] = [];
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    ws.send(JSON.stringify({ kind: 'call', id: 1, name: 'getAppInfo' }));
    ws.send(JSON.stringify({ kind: 'call', id: 2, name: 'renameThread', input: { threadId: 'x', title: '' } }));
    ws.send(JSON.stringify({ kind: 'call', id: 3, name: 'noSuchCall' }));
    await expect.poll(() => frames.length).toBe(3);
    bus.emit('notice', { level: 'info', message: 'hello' });
    await expect.poll(() => frames.length).toBe(4);
    ws.close();
    expect(frames).toContainEqual(
      expect.objectContaining({ id: 1, ok: true, value: expect.objectContaining({ version: '9.9.9' }) }),
    );
    expect(frames).toContainEqual(
      expect.objectContaining({ id: 2, ok: false, error: expect.stringMatching(/Invalid input for renameThread/) }),
    );
    expect(frames).toContainEqual(expect.objectContaining({ id: 3, ok: false, error: 'Unknown call: noSuchCall' }));
    expect(frames).toContainEqual({ kind: 'event', name: 'notice', payload: { level: 'info', message: 'hello' } });
  });

  it('a closed tab costs nothing: its socket and its subscription to the events go with it', async () => {
    const origin = `http://127.0.0.1:${host.port}`;
    // The tests before closed theirs: none is left once their closes are through.
    await expect.poll(() => host.openSockets()).toBe(0);
    const before = { sockets: 0, listeners: bus.listenerCount };
    const tabs = await Promise.all(
      [1, 2, 3].map(() => openSocket(`ws://127.0.0.1:${host.port}/ws?token=secret-token`, { origin })),
    );
    await expect.poll(() => host.openSockets()).toBe(before.sockets + 3);
    expect(bus.listenerCount).toBe(before.listeners + 3);
    tabs[0]!.close(); // closed as a tab closes
    tabs[1]!.terminate(); // gone without a word (a crashed tab, a dropped connection)
    await expect.poll(() => host.openSockets()).toBe(before.sockets + 1);
    expect(bus.listenerCount).toBe(before.listeners + 1);
    const frames: unknown[] = [];
    tabs[2]!.on('message', (d) => frames.push(JSON.parse(String(d))));
    bus.emit('notice', { level: 'info', message: 'still here' });
    await expect.poll(() => frames.length).toBe(1); // the tab left open hears on
    tabs[2]!.close();
    await expect.poll(() => host.openSockets()).toBe(before.sockets);
    expect(bus.listenerCount).toBe(before.listeners);
  });

  it('refuses a WebSocket from a foreign Origin or without the token', async () => {
    await expect(
      openSocket(`ws://127.0.0.1:${host.port}/ws?token=secret-token`, { origin: 'http://evil.test' }),
    ).rejects.toThrow('HTTP 403');
    await expect(
      openSocket(`ws://127.0.0.1:${host.port}/ws`, { origin: `http://127.0.0.1:${host.port}` }),
    ).rejects.toThrow('HTTP 401');
  });

  it('never puts the token itself in the cookie, and the cookie alone does not open the WebSocket', async () => {
    const first = await get(host.port, '/?token=secret-token');
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).not.toContain('secret-token');
    await expect(
      openSocket(`ws://127.0.0.1:${host.port}/ws`, { origin: `http://127.0.0.1:${host.port}`, cookie }),
    ).rejects.toThrow('HTTP 401');
  });

  it('survives a malformed cookie and an oversized frame', async () => {
    expect((await get(host.port, '/', { cookie: 'claude_desk_token=%E0%A4%A' })).status).toBe(401);
    await expect(
      openSocket(`ws://127.0.0.1:${host.port}/ws`, {
        origin: `http://127.0.0.1:${host.port}`,
        cookie: 'claude_desk_token=%E0%A4%A',
      }),
    ).rejects.toThrow('HTTP 401');
    const small = await startWebHost({ handlers, bus, rendererDir: dir, token: 't', maxFrameBytes: 1024 });
    try {
      const ws = await openSocket(`ws://127.0.0.1:${small.port}/ws?token=t`, {
        origin: `http://127.0.0.1:${small.port}`,
      });
      const closed = new Promise((resolve) => ws.once('close', resolve));
      ws.send('x'.repeat(4096));
      await closed;
      expect((await get(small.port, '/?token=t')).status).toBe(200); // still serving
    } finally {
      await small.close();
    }
  });

  it('listens on 127.0.0.1 only', async () => {
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!lan) return; // no non-loopback interface on this machine: nothing else to connect through
    await expect(
      new Promise((resolve, reject) => {
        const req = http.get({ host: lan.address, port: host.port, path: '/' }, resolve);
        req.on('error', reject);
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
