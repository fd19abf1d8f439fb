/**
 * The phone listener against hostile clients on the network, each while a paired device is connected and must stay
 * served: many idle sockets, a 1 GB body and a 65 MB WebSocket frame before authentication (streamed, never held in
 * memory: the listener has to cut them early), an Origin from another port of the same address, an approval answered
 * just as the device is revoked, and a device name meant to mislead.
 */
import { describe, expect, it, vi } from 'vitest';
import net from 'node:net';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import type tls from 'node:tls';
import type { DeskHandlers } from '../shared/contract';
import { closed, phoneListenerKit } from './phone-host-test-support';

const ADDRESS = '127.0.0.2';
const kit = phoneListenerKit(ADDRESS);
const { setup, open, pair, connectDevice, rawTls, hostPort } = kit;
const MB = 1024 * 1024;

/**
 * Streams `total` bytes after `head` (zeros, in 64 KB writes, waiting for the socket to drain) until done or the
 * listener closes the socket; answers how many were written and what the listener said.
 */
async function stream(sock: tls.TLSSocket, head: Buffer, total: number, chunkOf: (n: number) => Buffer) {
  let said = '';
  sock.on('data', (d: Buffer) => (said += d.toString('latin1')));
  const ended = new Promise<void>((resolve) => sock.once('close', () => resolve()));
  let gone = false;
  void ended.then(() => (gone = true));
  // Not events.once: it rejects on the socket's error (a reset is what a cut looks like here).
  const drained = () => Promise.race([new Promise<void>((resolve) => sock.once('drain', () => resolve())), ended]);
  if (!sock.write(head)) await drained();
  let sent = 0;
  while (!gone && sent < total) {
    const chunk = chunkOf(Math.min(64 * 1024, total - sent));
    sent += chunk.length;
    if (!sock.write(chunk)) await drained();
  }
  await ended;
  return { sent, said };
}

const secureConnect = (sock: tls.TLSSocket) =>
  new Promise<void>((resolve, reject) => {
    sock.once('secureConnect', () => resolve());
    sock.once('close', () => reject(new Error('closed before the handshake')));
  });

describe.skipIf(process.platform !== 'linux')('the phone listener, attacked', () => {
  it('200 idle sockets: at most 32 held, one source cannot shut out another, the paired device still served', async () => {
    const s = await setup();
    const d = await pair(s);
    const phone = await connectDevice(s, d);
    let refused = 0;
    const idle = async (sources: string[]) => {
      const sockets = sources.map((localAddress) => {
        const sock = net.connect({ host: ADDRESS, port: s.host.port, localAddress });
        sock.on('error', () => {});
        sock.once('close', () => refused++);
        return sock;
      });
      kit.cleanups.push(() => sockets.forEach((x) => x.destroy()));
      await Promise.all(sockets.map((x) => once(x, 'connect').catch(() => {})));
    };
    // 200 plain TCP sockets that never say a word, from one neighbour: 8 are held, the rest closed at once.
    await idle(Array.from({ length: 200 }, () => '127.0.3.1'));
    await vi.waitFor(() => expect(refused).toBe(200 - 8), { timeout: 30_000 });
    expect(await phone.call('getBoard')).toMatchObject({ ok: true });
    // The neighbour's sockets count against it alone: the phone waking up on its own address still signs in.
    const again = await connectDevice(s, d, '127.0.5.1');
    expect(await again.call('getBoard')).toMatchObject({ ok: true });
    // 200 more from 25 neighbours: 32 held in all, whatever the number of sources.
    await idle(Array.from({ length: 200 }, (_, i) => `127.0.4.${(i % 25) + 1}`));
    await vi.waitFor(() => expect(refused).toBe(400 - 32), { timeout: 30_000 });
    // The devices already signed in are served, and told of what changes.
    expect(await phone.call('getBoard')).toMatchObject({ ok: true });
    s.bus.emit('boardChanged', {});
    await vi.waitFor(() => expect(again.frames.some((f) => f.name === 'boardChanged')).toBe(true));
  });

  it('a 1 GB body before authentication is cut early, and the paired device is served meanwhile', async () => {
    const s = await setup();
    const d = await pair(s);
    const phone = await connectDevice(s, d);
    const zeros = Buffer.alloc(64 * 1024);
    for (const [method, framing] of [
      ['POST', `Content-Length: ${1024 * MB}`],
      ['GET', `Content-Length: ${1024 * MB}`],
      ['POST', 'Transfer-Encoding: chunked'],
    ] as const) {
      const sock = rawTls(s.host, '127.0.6.1');
      await secureConnect(sock);
      const head = Buffer.from(
        `${method} / HTTP/1.1\r\nHost: ${hostPort(s.host.port)}\r\nOrigin: ${s.host.origin}\r\n` +
          `Sec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
      );
      const chunked = framing.startsWith('Transfer');
      const served = phone.call('getBoard');
      const { sent, said } = await stream(sock, head, 1024 * MB, (n) =>
        chunked
          ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), zeros.subarray(0, n), Buffer.from('\r\n')])
          : zeros.subarray(0, n),
      );
      expect(said, `${method} ${framing}`).toMatch(/^HTTP\/1\.1 (400|405) /);
      expect(sent, `${method} ${framing}: bytes taken before the cut`).toBeLessThan(64 * MB);
      expect(await served).toMatchObject({ ok: true });
    }
    expect(await phone.call('getBoard')).toMatchObject({ ok: true });
  });

  it('a 65 MB frame before authentication is cut at its header, and the paired device is served meanwhile', async () => {
    const s = await setup();
    const d = await pair(s);
    const phone = await connectDevice(s, d);
    const sock = rawTls(s.host, '127.0.6.2');
    await secureConnect(sock);
    const upgraded = new Promise<string>((resolve) => {
      let text = '';
      const onData = (b: Buffer): void => {
        text += b.toString('latin1');
        if (text.includes('\r\n\r\n')) {
          sock.off('data', onData);
          resolve(text);
        }
      };
      sock.on('data', onData);
    });
    sock.write(
      `GET /ws HTTP/1.1\r\nHost: ${hostPort(s.host.port)}\r\nOrigin: ${s.host.origin}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
    );
    expect(await upgraded).toMatch(/^HTTP\/1\.1 101 /);
    // A masked text frame announcing 65 MB; its payload follows in 64 KB pieces for as long as the listener reads.
    const size = 65 * MB;
    const mask = randomBytes(4);
    const header = Buffer.alloc(14);
    header[0] = 0x81;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(size), 2);
    mask.copy(header, 10);
    const masked = Buffer.alloc(64 * 1024);
    for (let i = 0; i < masked.length; i++) masked[i] = mask[i % 4]! ^ 0x61; // 'a' masked
    const served = phone.call('getBoard');
    const { sent, said } = await stream(sock, header, size, (n) => masked.subarray(0, n));
    expect(sent, 'bytes taken before the cut').toBeLessThan(4 * MB);
    // The close frame the listener sent, when it outran the reset: status 1009, message too big.
    const closeAt = said.indexOf('\x88');
    if (closeAt >= 0) expect((said.charCodeAt(closeAt + 2) << 8) | said.charCodeAt(closeAt + 3)).toBe(1009);
    expect(await served).toMatchObject({ ok: true });
    expect(await phone.call('getBoard')).toMatchObject({ ok: true });
  });

  it('refuses a WebSocket and a post from a page on another port of the same address', async () => {
    const s = await setup();
    for (const port of [s.host.port + 1, s.host.port - 1, 443]) {
      const other = `https://${ADDRESS}:${port}`;
      await expect(open(s.host, { origin: other })).rejects.toThrow(/refused 403/);
      expect(await kit.get(s.host, '/', { origin: other, 'sec-fetch-site': 'same-site' }, 'POST')).toBe(403);
      expect(await kit.get(s.host, '/', { origin: other }, 'POST')).toBe(403);
    }
    // The origin without its port is another origin too (https://127.0.0.2 is port 443).
    await expect(open(s.host, { origin: `https://${ADDRESS}` })).rejects.toThrow(/refused 403/);
  });

  it('revoked while its answer to an approval is on the way: the answer is not applied', async () => {
    const answerApproval = vi.fn(async () => null);
    const s = await setup({}, { answerApproval } as Partial<DeskHandlers>);
    const d = await pair(s);
    const phone = await connectDevice(s, d);
    const ended = closed(phone.ws);
    const answer = { threadId: 't', turnId: 'u', requestId: 'r', decision: { behavior: 'allow', scope: 'once' } };
    // The answer leaves the phone; the revoke lands on the computer before it arrives.
    phone.ws.send(JSON.stringify({ kind: 'call', id: 1, name: 'answerApproval', input: answer }));
    const revoked = s.devices.revoke(d.deviceId);
    await revoked;
    expect(await ended).toBe(4403);
    const result = phone.frames.find((f) => f.kind === 'result');
    if (result) expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/no longer paired/) });
    expect(answerApproval).not.toHaveBeenCalled();
  });

  it('a device named with bidi overrides, HTML and 10 KB is listed and greeted by its cleaned name', async () => {
    const s = await setup();
    const name = `\u202Egnp.exe<img src=x onerror=alert(1)>\u2066${'x'.repeat(10 * 1024)}`;
    const d = await pair(s, name);
    const cleaned = `gnp.exe<img src=x onerror=alert(1)>${'x'.repeat(5)}`;
    expect(d.name).toBe(cleaned);
    expect(s.devices.list()).toMatchObject([{ name: cleaned }]);
    const phone = await connectDevice(s, d);
    expect(phone.authed).toMatchObject({ name: cleaned });
  });
});
