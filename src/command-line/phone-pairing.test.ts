import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { webcrypto } from 'node:crypto';
import WebSocket from 'ws';
import { createDeskApp, type DeskApp } from '../app/desk-app';
import { startPhoneHost } from '../web/phone-host';
import { chooseAddress, startPhoneAccess } from './phone-pairing';
import type { PhoneAccess } from '../shared/phone';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('choosing the address for web --phone', () => {
  const access = (addresses: PhoneAccess['addresses'], ready = false): PhoneAccess => ({
    on: false,
    port: 0,
    addresses,
    tailscale: ready
      ? { state: 'ready', name: 'desk.ts.net' }
      : { state: 'missing', sentence: 'Tailscale is not installed here.' },
  });
  const wifi = {
    interface: 'wlan0',
    label: 'Wi-Fi',
    address: '192.168.1.20',
    family: 'IPv4',
    scope: 'private',
  } as const;
  const pub = {
    interface: 'eth0',
    label: 'Ethernet',
    address: '203.0.113.5',
    family: 'IPv4',
    scope: 'public',
  } as const;

  it('takes the one private address, or asks for --address with the list', () => {
    expect(chooseAddress(access([wifi, pub]), undefined)).toEqual({ route: 'lan', address: '192.168.1.20' });
    expect(chooseAddress(access([pub]), undefined)).toMatch(
      /--address:\n {2}203\.0\.113\.5 .*Ethernet \(eth0\), public/,
    );
    expect(chooseAddress(access([wifi]), '10.9.9.9')).toMatch(/not one of this computer's addresses/);
    expect(chooseAddress(access([wifi]), 'tailscale')).toBe('Tailscale is not installed here.');
    expect(chooseAddress(access([wifi], true), 'tailscale')).toEqual({ route: 'tailscale' });
  });
});

describe.skipIf(process.platform !== 'linux')('web --phone on a computer with no display', () => {
  it('shows the QR code and link in the terminal, and pairs with the number typed there', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-webphone-'));
    const rendererDir = path.join(dataDir, 'renderer');
    fs.mkdirSync(rendererDir);
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
    const desk: DeskApp = await createDeskApp({
      host: 'web',
      env: { CLAUDE_DESK_DATA_DIR: path.join(dataDir, 'data'), PATH: process.env.PATH },
      phoneAddresses: () => [
        { interface: 'lo', label: 'Other', address: '127.0.0.2', family: 'IPv4', scope: 'private' },
      ],
      startPhoneListener: (request) => startPhoneHost({ ...request, rendererDir }),
    });
    cleanups.push(async () => {
      await desk.shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const input = new PassThrough();
    const lines: string[] = [];
    const waiters: Array<{ re: RegExp; resolve: (l: string) => void }> = [];
    const out = (text: string): void => {
      lines.push(text);
      for (const w of [...waiters]) {
        if (!w.re.test(text)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(text);
      }
    };
    const seen = (re: RegExp) =>
      new Promise<string>((resolve) => {
        const hit = lines.find((l) => re.test(l));
        if (hit) resolve(hit);
        else waiters.push({ re, resolve });
      });
    const started = await startPhoneAccess(desk, { allowPublic: false }, out, input);
    if (typeof started === 'string') throw new Error(started);
    cleanups.push(() => started.close());
    expect(lines.join('\n')).toMatch(/[▀▄█]/); // the QR code, drawn in the terminal
    const link = (await seen(/https:\/\/127\.0\.0\.2:\d+\/pair#/)).match(/https:\S+/)![0];
    expect(await seen(/trusts this computer once/)).toMatch(/open http:\/\/127\.0\.0\.2:\d+\/ on it/);
    const access = await desk.handlers.getPhoneAccess(undefined);
    expect(access).toMatchObject({ on: true, route: 'lan', address: '127.0.0.2', caFingerprint: expect.any(String) });
    // The CA lives in the data dir's private part, 0600.
    const caKey = path.join(dataDir, 'data', 'state', 'phone', 'ca-key.pem');
    expect(fs.statSync(caKey).mode & 0o777).toBe(0o600);
    const caPem = fs.readFileSync(path.join(dataDir, 'data', 'state', 'phone', 'ca.pem'), 'utf8');

    // The phone opens the link: redeems the code over the socket, shows its number.
    const url = new URL(link);
    const ws = new WebSocket(`wss://${url.host}/ws`, { ca: caPem, headers: { origin: url.origin } });
    cleanups.push(() => ws.terminate());
    const frames: Array<Record<string, unknown>> = [];
    const next = (kind: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const look = (): void => {
          const f = frames.find((x) => x.kind === kind);
          if (f) resolve(f);
          else setImmediate(look);
        };
        look();
      });
    ws.on('message', (d) => frames.push(JSON.parse(String(d)) as Record<string, unknown>));
    const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    const jwk = await webcrypto.subtle.exportKey('jwk', pair.publicKey);
    await next('hello');
    ws.send(JSON.stringify({ kind: 'pair', code: url.hash.slice(1), publicKey: jwk }));
    const { number } = await next('pair-number');
    await seen(/Allow a new device from 127\.0\.0\.\d\?/);
    input.write(`${String(number)}\n`);
    await seen(/Name this device/);
    input.write('Pixel \u202Egnp.exe\n');
    expect(await next('paired')).toMatchObject({ name: 'Pixel gnp.exe' });
    await seen(/Paired "Pixel gnp\.exe"/);
    expect(await desk.handlers.listDevices(undefined)).toMatchObject([{ name: 'Pixel gnp.exe', route: 'lan' }]);
    // Nothing secret in the log: neither the code nor the CA key.
    const log = fs.readFileSync(desk.layout.logFile, 'utf8');
    expect(log).not.toContain(url.hash.slice(1));
    expect(log).not.toContain('PRIVATE KEY');
  });
});
