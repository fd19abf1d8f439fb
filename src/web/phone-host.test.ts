import { describe, expect, it } from 'vitest';
import https from 'node:https';
import tls from 'node:tls';
import WebSocket from 'ws';
import { closed, deviceKey, phoneListenerKit } from './phone-host-test-support';

// A second loopback address stands for the phone's network: 127.0.0.2, bound on its own (Linux routes 127/8).
const ADDRESS = '127.0.0.2';
const { setup, open, pair, connectDevice, get, cleanups, ca: caPair } = phoneListenerKit(ADDRESS);
const ca = {
  get certPem() {
    return caPair().certPem;
  },
};

describe.skipIf(process.platform !== 'linux')('the phone listener', () => {
  it('serves the page over HTTPS our CA vouches for, with no CORS headers', async () => {
    const s = await setup();
    expect(await get(s.host, '/', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' })).toBe(200);
    expect(await get(s.host, '/pair')).toBe(200);
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      https
        .get(
          { host: ADDRESS, port: s.host.port, path: '/', ca: ca.certPem, headers: { origin: 'https://evil.test' } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode, ...res.headers });
          },
        )
        .on('error', reject);
    });
    expect(headers.status).toBe(403);
    expect(Object.keys(headers).some((h) => h.startsWith('access-control-'))).toBe(false);
  });

  it('refuses a wrong Host, a cross-site or same-site request, and any method but GET', async () => {
    const s = await setup();
    expect(await get(s.host, '/', { host: `evil.test:${s.host.port}` })).toBe(403);
    expect(await get(s.host, '/', { host: `localhost:${s.host.port}` })).toBe(403);
    expect(await get(s.host, '/', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' })).toBe(403);
    // A page on another port of the same address posting: same-site, another origin.
    expect(await get(s.host, '/', { origin: `https://${ADDRESS}:1`, 'sec-fetch-site': 'same-site' }, 'POST')).toBe(403);
    expect(await get(s.host, '/', { origin: s.host.origin, 'sec-fetch-site': 'same-origin' }, 'POST')).toBe(405);
  });

  it.each([
    ['another origin', { origin: 'https://evil.test' }],
    ['http://', { origin: 'http://127.0.0.2:1' }],
    ['null', { origin: 'null' }],
    ['a wrong Host', { host: 'evil.test' }],
  ])('refuses a WebSocket with %s', async (_what, headers) => {
    const s = await setup();
    await expect(open(s.host, headers)).rejects.toThrow(/refused 403/);
  });

  it('refuses a WebSocket with no Origin', async () => {
    const s = await setup();
    const ws = new WebSocket(`wss://${ADDRESS}:${s.host.port}/ws`, { ca: ca.certPem });
    ws.on('error', () => {});
    const status = await new Promise<number>((resolve) =>
      ws.once('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });

  it('pairs with the number, then the device proves its key on each connection and calls through the gate', async () => {
    const s = await setup();
    const d = await pair(s);
    expect(s.devices.list()).toMatchObject([{ name: 'Test phone', route: 'lan', address: '127.0.0.1' }]);
    const c = await connectDevice(s, d);
    expect(await c.call('getBoard')).toMatchObject({ ok: true, value: { rows: [] } });
    // Forbidden: refused, and the handler never ran.
    expect(await c.call('setApiKey', { key: 'sk-ant-stolen' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/phone/),
    });
    expect(s.handlers.setApiKey).not.toHaveBeenCalled();
    // Events pass the same filter.
    s.bus.emit('settingsChanged', {} as never);
    s.bus.emit('boardChanged', {});
    expect(await c.next()).toMatchObject({ kind: 'event', name: 'boardChanged' });
  });

  it('refuses a replayed auth frame and a key from another profile', async () => {
    const s = await setup();
    const d = await pair(s);
    const first = await open(s.host);
    const hello = await first.next();
    const frame = JSON.stringify({
      kind: 'auth',
      deviceId: d.deviceId,
      signature: await d.key.sign(s.host.origin, String(hello.nonce)),
    });
    first.ws.send(frame);
    expect(await first.next()).toMatchObject({ kind: 'authed' });
    const replay = await open(s.host);
    await replay.next();
    replay.ws.send(frame);
    expect(await replay.next()).toMatchObject({ kind: 'denied' });
    expect(await closed(replay.ws)).toBe(4401);
    const other = await deviceKey();
    const copy = await open(s.host);
    const h = await copy.next();
    copy.ws.send(
      JSON.stringify({
        kind: 'auth',
        deviceId: d.deviceId,
        signature: await other.sign(s.host.origin, String(h.nonce)),
      }),
    );
    expect(await copy.next()).toMatchObject({ kind: 'denied' });
  });

  it('revoke closes the device socket, and its calls stop', async () => {
    const s = await setup();
    const d = await pair(s);
    const c = await connectDevice(s, d);
    const ended = closed(c.ws);
    await s.devices.revoke(d.deviceId);
    expect(await ended).toBe(4403);
    const again = await open(s.host);
    const h = await again.next();
    again.ws.send(
      JSON.stringify({
        kind: 'auth',
        deviceId: d.deviceId,
        signature: await d.key.sign(s.host.origin, String(h.nonce)),
      }),
    );
    expect(await again.next()).toMatchObject({ kind: 'denied' });
  });

  it('before authentication: 4 KB per message; after it, the usual frame bounds', async () => {
    const s = await setup();
    const pre = await open(s.host);
    await pre.next();
    pre.ws.send('x'.repeat(5 * 1024));
    expect(await closed(pre.ws)).toBe(1009);
    const d = await pair(s);
    const c = await connectDevice(s, d);
    const r = await c.call('sendMessage', { threadId: 't', text: 'y'.repeat(900_000) });
    expect(r).toMatchObject({ ok: true });
  });

  it('holds at most 32 sockets before authentication, while a paired device is still served', async () => {
    const s = await setup({ preAuthSocketsPerSource: 100 });
    const d = await pair(s);
    const c = await connectDevice(s, d);
    const sockets = Array.from({ length: 60 }, () => tls.connect({ host: ADDRESS, port: s.host.port, ca: ca.certPem }));
    const outcomes = await Promise.all(
      sockets.map(
        (sock) =>
          new Promise<'open' | 'closed'>((resolve) => {
            sock.once('secureConnect', () => resolve('open'));
            sock.once('error', () => resolve('closed'));
            sock.once('close', () => resolve('closed'));
          }),
      ),
    );
    cleanups.push(() => {
      for (const x of sockets) x.destroy();
    });
    expect(outcomes.filter((o) => o === 'open').length).toBeLessThanOrEqual(32);
    expect(await c.call('getBoard')).toMatchObject({ ok: true });
  });

  it('closes a socket that sends no header in time', async () => {
    const s = await setup({ headerTimeoutMs: 300, authTimeoutMs: 300 });
    const sock = tls.connect({ host: ADDRESS, port: s.host.port, ca: ca.certPem });
    cleanups.push(() => void sock.destroy());
    await new Promise<void>((resolve) => sock.once('close', () => resolve()));
    expect(sock.destroyed).toBe(true);
  });

  it('100 wrong codes from many sources cancel the link, and a fresh code still pairs', async () => {
    const s = await setup();
    s.devices.codes.start();
    const key = await deviceKey();
    for (let i = 0; i < 100; i++) {
      const reply = s.devices.redeem(`wrong-${i}`, key.jwk, {
        address: `10.0.${i}.1`,
        route: 'lan',
        send: () => {},
        close: () => {},
      });
      expect(reply.kind).toBe('pair-end');
    }
    expect(s.devices.codes.active).toBe(false);
    await pair(s);
  });

  it('one code redeemed by two browsers at once cancels the pairing', async () => {
    const s = await setup();
    const { code } = s.devices.codes.start();
    const a = await open(s.host);
    const b = await open(s.host);
    await a.next();
    await b.next();
    const key = await deviceKey();
    a.ws.send(JSON.stringify({ kind: 'pair', code, publicKey: key.jwk }));
    b.ws.send(JSON.stringify({ kind: 'pair', code, publicKey: key.jwk }));
    const replies = [await a.next(), await b.next()];
    const ends = [
      ...replies,
      ...(replies.some((r) => r.kind === 'pair-number')
        ? [await (replies[0]!.kind === 'pair-number' ? a : b).next()]
        : []),
    ];
    expect(ends.filter((r) => r.kind === 'pair-end').map((r) => r.end)).toEqual(
      expect.arrayContaining(['code-reused', 'cancelled']),
    );
    expect(s.devices.list()).toEqual([]);
  });
});
