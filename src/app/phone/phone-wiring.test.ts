import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EventBus } from '../event-bus';
import { runToEnd, startProcess } from '../../core/process-runner';
import type { DeskHandlers } from '../../shared/contract';
import type { PhoneAddress } from '../../shared/phone';
import { wirePhone, type PhoneListenerRequest, type StartPhoneListener } from './phone-wiring';

const FAKE = path.resolve(import.meta.dirname, '../../../test/fixtures/fake-tailscale.mjs');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A listener that only holds a port, as the phone host would: enough to see it open and closed. */
const holdPort: StartPhoneListener = async (r: PhoneListenerRequest) => {
  const server = net.createServer((s) => s.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(r.port, r.bindAddress, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return { origin: r.origin(port), port, close: () => new Promise<void>((res) => server.close(() => res())) };
};

const portOpen = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

async function setup(addresses: PhoneAddress[], extra: { tailscaleEnv?: NodeJS.ProcessEnv; dir?: string } = {}) {
  const dir = extra.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'desk-phonewire-'));
  const list = { current: addresses };
  const bus = new EventBus();
  const phone = await wirePhone({
    stateDir: path.join(dir, 'state'),
    bus,
    handlers: () => ({}) as DeskHandlers,
    recentProjects: async () => [],
    startListener: holdPort,
    addresses: () => list.current,
    tailscale: { run: runToEnd, start: startProcess, env: extra.tailscaleEnv },
    watchMs: 20,
  });
  cleanups.push(async () => {
    await phone.close();
    if (!extra.dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return { phone, dir, list, bus };
}

const LOOP: PhoneAddress = { interface: 'lo', label: 'Other', address: '127.0.0.2', family: 'IPv4', scope: 'private' };

describe.skipIf(process.platform !== 'linux')('phone access on and off', () => {
  it('listens on the chosen address at a fixed port, with the CA in the private state dir, and closes when off', async () => {
    const { phone, dir } = await setup([LOOP]);
    const on = await phone.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2' });
    expect(on).toMatchObject({ on: true, route: 'lan', address: '127.0.0.2', caFingerprint: expect.any(String) });
    expect(await portOpen('127.0.0.2', on.port)).toBe(true);
    for (const f of ['ca-key.pem', 'server-key.pem', 'access.json'])
      expect(fs.statSync(path.join(dir, 'state', 'phone', f)).mode & 0o777).toBe(0o600);
    const off = await phone.handlers.setPhoneAccess({ on: false });
    expect(off.on).toBe(false);
    expect(off.port).toBe(on.port); // fixed once chosen: a paired phone's key lives in that origin
    expect(await portOpen('127.0.0.2', on.port)).toBe(false);
    await expect(phone.handlers.startPairing(undefined)).rejects.toThrow(/Turn phone access on first/);
  });

  it('asks before a public address, and refuses an address that is not this computer’s', async () => {
    const pub: PhoneAddress = { ...LOOP, scope: 'public' };
    const { phone } = await setup([pub]);
    await expect(phone.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2' })).rejects.toThrow(
      /public address/,
    );
    await expect(phone.handlers.setPhoneAccess({ on: true, route: 'lan', address: '10.9.9.9' })).rejects.toThrow(
      /Choose one of this computer’s addresses/,
    );
    expect(
      await phone.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2', allowPublic: true }),
    ).toMatchObject({
      on: true,
    });
  });

  it('stops, every socket with it, when the address goes away', async () => {
    const { phone, list } = await setup([LOOP]);
    const on = await phone.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2' });
    list.current = [];
    await new Promise<void>((resolve) => {
      const check = async (): Promise<void> => {
        if (!(await phone.handlers.getPhoneAccess(undefined)).on) resolve();
        else setTimeout(() => void check(), 10);
      };
      void check();
    });
    expect((await phone.handlers.getPhoneAccess(undefined)).problem).toMatch(/went away/);
    expect(await portOpen('127.0.0.2', on.port)).toBe(false);
  });

  it('the Tailscale route: serve runs while on, and its entry is gone when off (a fake tailscale on PATH)', async () => {
    const ts = fakeTailscale();
    const { phone } = await setup([], { tailscaleEnv: ts.env });
    const on = await phone.handlers.setPhoneAccess({ on: true, route: 'tailscale' });
    expect(on).toMatchObject({ on: true, route: 'tailscale', origin: `https://desk.tail1.ts.net:${on.port}` });
    expect(ts.serve().Web).toHaveProperty([`desk.tail1.ts.net:${on.port}`]);
    await phone.handlers.setPhoneAccess({ on: false });
    expect(ts.serve().Web).not.toHaveProperty([`desk.tail1.ts.net:${on.port}`]);
  });

  it('the Tailscale route at quit: the serve entry is gone and the loopback listener closed', async () => {
    const ts = fakeTailscale();
    const { phone } = await setup([], { tailscaleEnv: ts.env });
    const on = await phone.handlers.setPhoneAccess({ on: true, route: 'tailscale' });
    const upstream = ts.upstreamPort(on.port);
    expect(await portOpen('127.0.0.1', upstream)).toBe(true);
    await phone.close();
    expect(ts.serve().Web).not.toHaveProperty([`desk.tail1.ts.net:${on.port}`]);
    expect(await portOpen('127.0.0.1', upstream)).toBe(false);
  });

  it('the Tailscale route: when tailscale stops serving (logged out, its daemon gone), phone access stops and says so', async () => {
    const ts = fakeTailscale();
    const { phone, bus } = await setup([], { tailscaleEnv: ts.env });
    const on = await phone.handlers.setPhoneAccess({ on: true, route: 'tailscale' });
    const upstream = ts.upstreamPort(on.port);
    const told = new Promise<void>((resolve) => bus.on('phoneChanged', () => resolve()));
    ts.killServe();
    await told; // Settings is told once it has stopped
    expect((await phone.handlers.getPhoneAccess(undefined)).on).toBe(false);
    expect((await phone.handlers.getPhoneAccess(undefined)).problem).toMatch(/\S/);
    expect(await portOpen('127.0.0.1', upstream)).toBe(false);
  });

  it('at quit the port closes, and at the next start phone access is on again on the same address and port', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-phonewire-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const first = await setup([LOOP], { dir });
    const on = await first.phone.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2' });
    await first.phone.close();
    // Closed once its last socket has gone (a busy runner may take a moment); nothing answers there afterwards.
    await vi.waitFor(async () => expect(await portOpen('127.0.0.2', on.port)).toBe(false), { timeout: 10_000 });

    const second = await setup([LOOP], { dir });
    expect((await second.phone.handlers.getPhoneAccess(undefined)).on).toBe(false); // not before the app resumes it
    await second.phone.resume();
    const again = await second.phone.handlers.getPhoneAccess(undefined);
    expect(again).toMatchObject({ on: true, address: '127.0.0.2', port: on.port, origin: on.origin });
    expect(again.problem).toBeUndefined();
    expect(await portOpen('127.0.0.2', on.port)).toBe(true);
  });

  it('at the next start with its address gone, phone access stays off and says why in one sentence', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-phonewire-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const first = await setup([LOOP], { dir });
    await first.phone.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2' });
    await first.phone.close();

    const second = await setup([], { dir });
    await second.phone.resume();
    const access = await second.phone.handlers.getPhoneAccess(undefined);
    expect(access.on).toBe(false);
    expect(access.problem).toMatch(/^Phone access was on at 127\.0\.0\.2, which this computer no longer has .*\.$/);
    expect(access.problem!.split('. ')).toHaveLength(1);
    // Off for good: the start after that does not try again.
    const third = await setup([LOOP], { dir });
    await third.phone.resume();
    expect((await third.phone.handlers.getPhoneAccess(undefined)).on).toBe(false);
  });

  it('turned off while it resumes: off, with no listener left behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-phonewire-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const first = await setup([LOOP], { dir });
    const on = await first.phone.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2' });
    await first.phone.close();

    const second = await setup([LOOP], { dir });
    const resuming = second.phone.resume();
    const off = await second.phone.handlers.setPhoneAccess({ on: false });
    await resuming;
    expect(off.on).toBe(false);
    expect((await second.phone.handlers.getPhoneAccess(undefined)).on).toBe(false);
    expect(await portOpen('127.0.0.2', on.port)).toBe(false);
  });
});

/** A fake `tailscale` on PATH (test/fixtures/fake-tailscale.mjs), logged in as desk.tail1.ts.net. */
function fakeTailscale() {
  const tsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-ts-'));
  cleanups.push(() => fs.rmSync(tsDir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(tsDir, 'bin'));
  fs.writeFileSync(path.join(tsDir, 'bin', 'tailscale'), `#!/bin/sh\nexec "${process.execPath}" "${FAKE}" "$@"\n`, {
    mode: 0o755,
  });
  fs.writeFileSync(
    path.join(tsDir, 'status.json'),
    JSON.stringify({ BackendState: 'Running', Self: { DNSName: 'desk.tail1.ts.net.' } }),
  );
  const env = {
    ...process.env,
    PATH: `${path.join(tsDir, 'bin')}:${process.env.PATH ?? ''}`,
    FAKE_TAILSCALE_DIR: tsDir,
  };
  const serve = () =>
    JSON.parse(fs.readFileSync(path.join(tsDir, 'serve.json'), 'utf8')) as {
      Web?: Record<string, { Handlers?: Record<string, { Proxy?: string }> }>;
    };
  return {
    env,
    serve,
    /** The loopback port serve forwards the entry to. */
    upstreamPort(port: number): number {
      const proxy = Object.values(serve().Web?.[`desk.tail1.ts.net:${port}`]?.Handlers ?? {})[0]?.Proxy ?? '';
      return Number(new URL(proxy).port);
    },
    killServe: () => process.kill(Number(fs.readFileSync(path.join(tsDir, 'serve.pid'), 'utf8')), 'SIGTERM'),
  };
}
