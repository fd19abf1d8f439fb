import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webcrypto } from 'node:crypto';
import { EventBus } from '../event-bus';
import { CALL_NAMES, type DeskHandlers } from '../../shared/contract';
import { DEVICE_CALLS } from './device-gate';
import { asDevicePublicKey, signedText } from '../../core/phone/device-keys';
import { PhoneDevices } from './phone-devices';
import type { DeviceConnection, PhoneDevicesOptions } from './phone-devices';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const ORIGIN = 'https://192.168.1.20:47831';

async function pairedDevice(
  onRevoked?: (deviceId: string) => Promise<unknown>,
  onDeviceStop?: PhoneDevicesOptions['onDeviceStop'],
  given?: DeskHandlers,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-devices-'));
  dirs.push(dir);
  let releaseProjects: (dirs: string[]) => void = () => {};
  const order: string[] = [];
  const handlers =
    given ??
    ({
      createThread: vi.fn(async () => ({ id: 't' })),
      answerApproval: vi.fn(async () => null),
      stopTurn: vi.fn(async () => {
        order.push('stopTurn');
        return null;
      }),
      getAppInfo: vi.fn(async () => ({ name: 'Claude Desk', version: '1', host: 'electron', platform: 'linux' })),
    } as unknown as DeskHandlers);
  const devices = new PhoneDevices({
    file: path.join(dir, 'devices.json'),
    bus: new EventBus(),
    handlers: () => handlers,
    recentProjects: () => new Promise((resolve) => (releaseProjects = resolve)),
    ...(onRevoked ? { onRevoked } : {}),
    ...(onDeviceStop
      ? { onDeviceStop: (stop: Parameters<typeof onDeviceStop>[0]) => (order.push('told'), onDeviceStop(stop)) }
      : {}),
  });
  await devices.load();
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const publicKey = asDevicePublicKey(await webcrypto.subtle.exportKey('jwk', pair.publicKey))!;
  const device = await devices.store.add({ name: 'Pixel', route: 'lan', address: '192.168.1.30', publicKey });
  const closed: number[] = [];
  const conn: DeviceConnection = {
    address: '192.168.1.30',
    route: 'lan',
    send: () => {},
    close: (code) => closed.push(code),
  };
  const nonce = devices.nonces.issue();
  const signature = Buffer.from(
    await webcrypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      pair.privateKey,
      new TextEncoder().encode(signedText(ORIGIN, nonce)),
    ),
  ).toString('base64url');
  const session = await devices.authenticate({ deviceId: device.id, nonce, signature }, ORIGIN, conn);
  if (!session) throw new Error('should authenticate');
  return { devices, session, handlers, device, closed, order, release: (d: string[]) => releaseProjects(d) };
}

describe('a paired device', () => {
  it('its Stop is told, with who it is, before the turn is stopped (so the turn’s end finds it)', async () => {
    const stops: unknown[] = [];
    const d = await pairedDevice(undefined, (stop) => void stops.push(stop));
    await d.session.call('stopTurn', { threadId: 't1', turnId: 'turn-1' });
    expect(d.order).toEqual(['told', 'stopTurn']);
    expect(stops).toEqual([
      {
        actor: { deviceId: d.device.id, name: 'Pixel', route: 'lan', address: '192.168.1.30' },
        threadId: 't1',
        turnId: 'turn-1',
      },
    ]);
  });

  it('is told it is a browser page whatever serves it: the desktop app’s dialogs and file opening are not its own', async () => {
    const d = await pairedDevice();
    expect(await d.session.call('getAppInfo', undefined)).toMatchObject({ name: 'Claude Desk', host: 'web' });
  });

  it('revoked while its call is on the way: nothing of the call applies, and its socket closes', async () => {
    const d = await pairedDevice();
    const call = d.session.call('createThread', { settings: { projectDir: '/home/me/p' } });
    await d.devices.revoke(d.device.id);
    d.release(['/home/me/p']);
    await expect(call).rejects.toThrow(/no longer paired/);
    expect(d.handlers.createThread).not.toHaveBeenCalled();
    expect(d.closed).toEqual([4403]);
  });

  it('revoked while its answer to an approval is being judged: the answer is not applied', async () => {
    const d = await pairedDevice();
    const answer = d.session.call('answerApproval', {
      threadId: 't',
      turnId: 'u',
      requestId: 'r',
      decision: { behavior: 'allow', scope: 'once' },
    });
    const revoked = d.devices.revoke(d.device.id); // lands while the gate judges the answer
    await expect(answer).rejects.toThrow(/no longer paired/);
    await revoked;
    expect(d.handlers.answerApproval).not.toHaveBeenCalled();
  });

  it('every call the gate does not open is refused with nothing run, whatever its input', async () => {
    const ran: string[] = [];
    const handlers = new Proxy({} as DeskHandlers, {
      get: (_t, name) => async () => void ran.push(String(name)),
    });
    const d = await pairedDevice(undefined, undefined, handlers);
    // The most harmful input each could take, where one is obvious; the rest get an empty object and nothing.
    const harmful: Record<string, unknown> = {
      setApiKey: { key: 'sk-ant-stolen' },
      updateSettings: { permissionMode: 'bypassPermissions', apiKey: 'x' },
      deleteThread: { threadId: 't' },
      openExternal: { url: 'https://evil.example' },
      openFile: { path: '/etc/passwd' },
      revokeDevice: { id: 'another' },
      answerPairing: { requestId: 'r', allow: true, number: '123456', name: 'evil' },
      setPhoneAccess: { on: true, route: 'lan', address: '0.0.0.0' },
    };
    const refused = CALL_NAMES.filter((n) => !Object.prototype.hasOwnProperty.call(DEVICE_CALLS, n));
    expect(refused).toContain('setApiKey');
    for (const name of refused)
      for (const input of [harmful[name], {}, undefined])
        await expect(d.session.call(name, input), name).rejects.toThrow(/phone|computer/);
    expect(ran).toEqual([]);
  });

  it('revoked: what else keeps it is told (its push subscriptions go), and a failure there does not stop the revoke', async () => {
    const forgotten: string[] = [];
    const d = await pairedDevice(async (id) => void forgotten.push(id));
    await d.devices.revoke(d.device.id);
    expect(forgotten).toEqual([d.device.id]);
    expect(d.closed).toEqual([4403]);
    const failing = await pairedDevice(() => Promise.reject(new Error('disk full')));
    await failing.devices.revoke(failing.device.id);
    expect(failing.devices.store.usable(failing.device.id)).toBeFalsy();
    expect(failing.closed).toEqual([4403]);
  });

  it('an approval answered from it carries who answered, written by the computer', async () => {
    const d = await pairedDevice();
    await d.session.call('answerApproval', {
      threadId: 't',
      turnId: 'u',
      requestId: 'r',
      decision: { behavior: 'allow', scope: 'session' },
    });
    expect(d.handlers.answerApproval).toHaveBeenCalledWith({
      threadId: 't',
      turnId: 'u',
      requestId: 'r',
      decision: {
        behavior: 'allow',
        scope: 'session',
        actor: { deviceId: d.device.id, name: 'Pixel', route: 'lan', address: '192.168.1.30' },
      },
    });
  });
});
