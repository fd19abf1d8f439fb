/**
 * Test support for the phone listener's tests (phone-host*.test.ts): a listener on one address with a CA of its own,
 * a socket opened as the page opens it, a device key made as the page makes it (WebCrypto, non-extractable), pairing
 * with the number, and a device signed in. Not a test itself; imported by them.
 */
import { afterEach, beforeAll, expect, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import https from 'node:https';
import tls from 'node:tls';
import WebSocket from 'ws';
import { EventBus } from '../app/event-bus';
import { PhoneDevices } from '../app/phone/phone-devices';
import type { DeskHandlers } from '../shared/contract';
import { makeCertificateAuthority, makeServerCertificate, type PemPair } from '../core/phone/certificates';
import { urlHost } from '../core/phone/addresses';
import { startPhoneHost, type PhoneHost, type PhoneLimits } from './phone-host';

export type Frame = Record<string, unknown>;
export interface OpenSocket {
  ws: WebSocket;
  frames: Frame[];
  next: () => Promise<Frame>;
}
export { deviceKey, type DeviceKey } from '../../test/fixtures/device-key';
import { deviceKey, type DeviceKey } from '../../test/fixtures/device-key';

export const closed = (ws: WebSocket) =>
  new Promise<number>((resolve) =>
    ws.readyState === ws.CLOSED ? resolve(-1) : ws.once('close', (code) => resolve(code)),
  );

/** Everything a phone listener test needs, for a listener bound on `address` (hooks registered by the caller's file). */
export function phoneListenerKit(address: string) {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  let ca: PemPair;
  let server: PemPair;
  beforeAll(() => {
    ca = makeCertificateAuthority(address);
    server = makeServerCertificate(ca, address);
  });
  const hostPort = (port: number) => `${urlHost(address)}:${port}`;

  async function setup(limits: Partial<PhoneLimits> = {}, extraHandlers: Partial<DeskHandlers> = {}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-phone-'));
    const rendererDir = path.join(dir, 'renderer');
    fs.mkdirSync(rendererDir);
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Claude Desk</title>');
    fs.writeFileSync(path.join(rendererDir, 'pair.html'), '<!doctype html><title>Pair</title>');
    const bus = new EventBus();
    const handlers = {
      getBoard: vi.fn(async () => ({ rows: [] })),
      setApiKey: vi.fn(async () => ({})),
      sendMessage: vi.fn(async () => ({ turnId: 't', messageId: 'm' })),
      ...extraHandlers,
    } as unknown as DeskHandlers;
    const devices = new PhoneDevices({
      file: path.join(dir, 'state', 'phone', 'devices.json'),
      bus,
      handlers: () => handlers,
      recentProjects: async () => [],
    });
    await devices.load();
    const host: PhoneHost = await startPhoneHost({
      devices,
      bus,
      rendererDir,
      bindAddress: address,
      port: 0,
      origin: (port) => `https://${hostPort(port)}`,
      route: 'lan',
      tls: { cert: server.certPem, key: server.keyPem },
      limits,
    });
    cleanups.push(async () => {
      devices.close();
      await host.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    return { host, devices, bus, handlers, dir };
  }
  type Listener = Awaited<ReturnType<typeof setup>>;

  /** A socket as the page opens it: the origin's Origin, our CA trusted. */
  function open(host: PhoneHost, headers: Record<string, string> = {}, localAddress?: string): Promise<OpenSocket> {
    const ws = new WebSocket(`wss://${hostPort(host.port)}/ws`, {
      ca: ca.certPem,
      headers: { origin: host.origin, ...headers },
      ...(localAddress ? { localAddress } : {}),
    });
    const frames: Frame[] = [];
    const waiters: Array<(f: Frame) => void> = [];
    ws.on('message', (d) => {
      const f = JSON.parse(String(d)) as Frame;
      const w = waiters.shift();
      if (w) w(f);
      else frames.push(f);
    });
    const next = () =>
      new Promise<Frame>((resolve) => {
        const f = frames.shift();
        if (f) resolve(f);
        else waiters.push(resolve);
      });
    cleanups.push(() => ws.terminate());
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ ws, frames, next }));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  async function pair(s: Listener, name = 'Test phone', localAddress?: string) {
    const key = await deviceKey();
    const { code } = s.devices.codes.start();
    const asked = new Promise<{ requestId: string }>((resolve) => {
      const off = s.bus.on('pairingRequest', (p) => {
        if ('address' in p) {
          off();
          resolve(p);
        }
      });
    });
    const c = await open(s.host, {}, localAddress);
    expect(await c.next()).toMatchObject({ kind: 'hello' });
    c.ws.send(JSON.stringify({ kind: 'pair', code, publicKey: key.jwk }));
    const numberFrame = await c.next();
    expect(numberFrame).toMatchObject({ kind: 'pair-number', number: expect.stringMatching(/^\d{6}$/) });
    const { requestId } = await asked;
    expect(await s.devices.answer({ requestId, allow: true, number: String(numberFrame.number), name })).toMatchObject({
      ok: true,
    });
    const paired = await c.next();
    expect(paired).toMatchObject({ kind: 'paired' });
    c.ws.close();
    return { key, deviceId: String(paired.deviceId), name: String(paired.name) };
  }

  async function connectDevice(s: Listener, d: { key: DeviceKey; deviceId: string }, localAddress?: string) {
    const c = await open(s.host, {}, localAddress);
    const hello = await c.next();
    c.ws.send(
      JSON.stringify({
        kind: 'auth',
        deviceId: d.deviceId,
        signature: await d.key.sign(s.host.origin, String(hello.nonce)),
      }),
    );
    const authed = await c.next();
    expect(authed).toMatchObject({ kind: 'authed', deviceId: d.deviceId });
    let id = 0;
    const call = async (name: string, input?: unknown) => {
      const callId = ++id;
      c.ws.send(JSON.stringify({ kind: 'call', id: callId, name, input }));
      for (;;) {
        const f = await c.next();
        if (f.kind === 'result' && f.id === callId) return f;
      }
    };
    return { ...c, call, hello, authed };
  }

  function get(
    host: PhoneHost,
    pathname: string,
    headers: Record<string, string> = {},
    method = 'GET',
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: address,
          port: host.port,
          path: pathname,
          method,
          ca: ca.certPem,
          checkServerIdentity: (_host: string, cert: tls.PeerCertificate) => tls.checkServerIdentity(address, cert),
          headers: { host: hostPort(host.port), ...headers },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** A raw TLS socket to the listener (what a hostile client holds: no page, no WebSocket library). */
  function rawTls(host: PhoneHost, localAddress?: string): tls.TLSSocket {
    const sock = tls.connect({
      host: address,
      port: host.port,
      ca: ca.certPem,
      servername: undefined,
      checkServerIdentity: (_h: string, cert: tls.PeerCertificate) => tls.checkServerIdentity(address, cert),
      ...(localAddress ? { localAddress } : {}),
    });
    sock.on('error', () => {});
    cleanups.push(() => void sock.destroy());
    return sock;
  }

  return {
    setup,
    open,
    pair,
    connectDevice,
    get,
    rawTls,
    hostPort,
    cleanups,
    ca: () => ca,
  };
}
