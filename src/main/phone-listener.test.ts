import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDeskApp, type DeskApp } from '../app/desk-app';
import type { PhoneAddress } from '../shared/phone';
import { desktopPhoneListener } from './phone-listener';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const LOOP: PhoneAddress = { interface: 'lo', label: 'Other', address: '127.0.0.2', family: 'IPv4', scope: 'private' };

const portOpen = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

const getPage = (origin: string, ca: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    https
      .get(`${origin}/`, { ca }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

/** The desktop app's desk as src/main/index.ts builds it, on a data dir of its own. */
async function desktopDesk(root: string, rendererDir: string, addresses: () => PhoneAddress[]): Promise<DeskApp> {
  const desk = await createDeskApp({
    host: 'electron',
    env: { CLAUDE_DESK_DATA_DIR: path.join(root, 'data'), PATH: process.env.PATH },
    phoneAddresses: addresses,
    startPhoneListener: desktopPhoneListener(rendererDir, () => {}),
  });
  cleanups.push(() => desk.shutdown());
  return desk;
}

describe.skipIf(process.platform !== 'linux')('phone access in the desktop app', () => {
  it('serves the built page over HTTPS, closes at quit, and is on again at the next start', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-mainphone-'));
    cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const rendererDir = path.join(root, 'renderer');
    fs.mkdirSync(rendererDir);
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Claude Desk</title>');

    const first = await desktopDesk(root, rendererDir, () => [LOOP]);
    const on = await first.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2' });
    expect(on).toMatchObject({ on: true, origin: `https://127.0.0.2:${on.port}` });
    const ca = fs.readFileSync(path.join(first.layout.stateDir, 'phone', 'ca.pem'), 'utf8');
    expect(await getPage(on.origin!, ca)).toMatchObject({ status: 200, body: expect.stringContaining('Claude Desk') });
    await first.shutdown(); // quit
    expect(await portOpen('127.0.0.2', on.port)).toBe(false);

    const second = await desktopDesk(root, rendererDir, () => [LOOP]);
    // The start resumes it by itself (nothing here asks): wait for what Settings would show.
    while (!(await second.handlers.getPhoneAccess(undefined)).on) await new Promise((r) => setTimeout(r, 20));
    expect(await second.handlers.getPhoneAccess(undefined)).toMatchObject({ on: true, port: on.port });
    expect((await getPage(on.origin!, ca)).status).toBe(200);
  });

  it('without a built page (a development run), says what to do in one sentence', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-mainphone-'));
    cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const desk = await desktopDesk(root, path.join(root, 'no-renderer'), () => [LOOP]);
    await expect(desk.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2' })).rejects.toThrow(
      /no built page to serve a phone: run `npm run build`/,
    );
    expect((await desk.handlers.getPhoneAccess(undefined)).on).toBe(false);
  });
});
