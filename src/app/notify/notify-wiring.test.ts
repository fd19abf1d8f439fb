import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePushService, type FakePushService } from '../../../test/fixtures/fake-push-service';
import { decryptAes128gcm, makeReceiver, type ReceiverKeys } from '../../../test/fixtures/web-push-receiver';
import type { PushMessage } from '../../shared/notify';
import type { TurnEvent } from '../../shared/turn-events';
import { SecretRedactor } from '../../core/log/redact';
import type { DataDirLayout } from '../../core/store/data-dir';
import { EventBus } from '../event-bus';
import { MAX_QUEUED } from './notify-service';
import { wireNotify, type NotifyWiring } from './notify-wiring';

describe('notifications wired to the turn events', () => {
  let service: FakePushService;
  let dir: string;
  let bus: EventBus;
  let notify: NotifyWiring;
  let logged: string[];
  let phoneOn: boolean;
  const redactor = new SecretRedactor();
  beforeAll(async () => {
    service = await startFakePushService();
  });
  afterAll(async () => {
    await service?.close();
  });
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'notify-'));
    bus = new EventBus();
    logged = [];
    phoneOn = true;
    service.received.length = 0;
    service.answer(201);
    notify = await wireNotify({
      f: {
        bus,
        layout: { stateDir: dir } as DataDirLayout,
        log: { warn: (m: string) => logged.push(m) } as never,
        redactor,
        warn: (m) => logged.push(m),
      },
      threads: { threads: { summary: (id: string) => ({ title: `Thread ${id}` }) } as never },
      network: service.network,
      devicesReachable: () => phoneOn,
    });
  });
  afterEach(async () => {
    notify.close();
    await notify.service.idle();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const subscribe = async (deviceId: string, id: string): Promise<ReceiverKeys> => {
    const receiver = makeReceiver();
    await notify.handlers.subscribePush({
      deviceId,
      subscription: { endpoint: service.endpoint(id), keys: receiver.keys },
    });
    return receiver;
  };
  const card = (threadId: string, requestId: string, toolName = 'Bash'): TurnEvent => ({
    type: 'approval_request',
    threadId,
    turnId: `turn-${threadId}`,
    request: { requestId, toolName, input: {}, suggestions: [] },
  });
  const received = (receiver: ReceiverKeys, id?: string): PushMessage[] =>
    service.received
      .filter((r) => id === undefined || r.path.endsWith(`/send/${id}`))
      .map((r) => JSON.parse(decryptAes128gcm(receiver, r.body)) as PushMessage);
  const finished = (threadId: string, turnId: string, status: 'done' | 'failed' | 'stopped'): TurnEvent => ({
    type: 'finished',
    threadId,
    turnId,
    status,
  });

  it('a card opening is told once as "waiting", with the thread and why; a finished turn as "finished"', async () => {
    const phone = await subscribe('device-1', 'p1');
    bus.emit('turnEvent', card('t1', 'r1'));
    bus.emit('turnEvent', card('t1', 'r1')); // the same card announced again
    bus.emit('turnEvent', card('t2', 'q1', 'AskUserQuestion'));
    bus.emit('turnEvent', { type: 'finished', threadId: 't1', turnId: 'turn-t1', status: 'done' });
    await notify.service.idle();
    expect(received(phone).map(({ kind, threadId, title, body }) => ({ kind, threadId, title, body }))).toEqual([
      {
        kind: 'waiting',
        threadId: 't1',
        title: 'Thread t1',
        body: 'Claude is waiting for your approval to use Bash.',
      },
      { kind: 'waiting', threadId: 't2', title: 'Thread t2', body: 'Claude has a question.' },
      { kind: 'finished', threadId: 't1', title: 'Thread t1', body: 'Claude finished answering.' },
    ]);
    expect(new Set(received(phone).map((m) => m.id)).size).toBe(3);
  });

  it('a failed turn is told as "failed" with its error, apart from "finished"; a stop no one asked for by name is not told', async () => {
    const phone = await subscribe('device-1', 'p1');
    bus.emit('turnEvent', finished('t1', 'a', 'stopped')); // a queued message sent now, a deleted thread, quitting
    bus.emit('turnEvent', {
      type: 'error',
      threadId: 't1',
      turnId: 'b',
      error: { kind: 'cli_error', message: 'Claude Code ended unexpectedly.' },
    } as TurnEvent);
    bus.emit('turnEvent', finished('t1', 'b', 'failed'));
    await notify.service.idle();
    expect(received(phone).map(({ kind, body }) => ({ kind, body }))).toEqual([
      { kind: 'failed', body: 'The turn failed: Claude Code ended unexpectedly.' },
    ]);
  });

  it('a turn stopped at the computer is told as "stopped" to the devices', async () => {
    const phone = await subscribe('device-1', 'p1');
    const asked: unknown[] = [];
    const stop = notify.stopAtTheComputer(async (input) => (asked.push(input), null));
    await stop({ threadId: 't1', turnId: 'turn-t1' });
    expect(asked).toEqual([{ threadId: 't1', turnId: 'turn-t1' }]);
    bus.emit('turnEvent', finished('t1', 'turn-t1', 'stopped'));
    // The thread's next turn, stopped by the machinery (no one asked): not told.
    bus.emit('turnEvent', finished('t1', 'turn-t1b', 'stopped'));
    await notify.service.idle();
    expect(received(phone).map(({ kind, title, body }) => ({ kind, title, body }))).toEqual([
      { kind: 'stopped', title: 'Thread t1', body: 'The turn was stopped at the computer.' },
    ]);
  });

  it('a turn stopped from one device is told to the others, and not to the device that stopped it', async () => {
    const ana = await subscribe('device-1', 'ana');
    const tab = await subscribe('device-2', 'tab');
    notify.service.stopAsked('t1', undefined, { deviceId: 'device-1', deviceName: 'Ana’s iPhone' });
    bus.emit('turnEvent', finished('t1', 'turn-t1', 'stopped'));
    await notify.service.idle();
    expect(received(ana, 'ana')).toEqual([]);
    expect(received(tab, 'tab').map(({ kind, body }) => ({ kind, body }))).toEqual([
      { kind: 'stopped', body: 'The turn was stopped from Ana’s iPhone.' },
    ]);
  });

  it('with phone access off, a device hears nothing more; Send a test says why', async () => {
    const phone = await subscribe('device-1', 'p1');
    bus.emit('turnEvent', card('t1', 'r1'));
    await notify.service.idle();
    expect(received(phone)).toHaveLength(1);
    phoneOn = false;
    bus.emit('turnEvent', card('t1', 'r2'));
    bus.emit('turnEvent', finished('t1', 'turn-t1', 'done'));
    await notify.service.idle();
    expect(received(phone)).toHaveLength(1);
    expect(await notify.handlers.testNotify(undefined)).toEqual({
      ok: false,
      message: 'Phone access is off, so paired devices are not told: turn it on, or set up ntfy here.',
    });
  });

  it('a card answered before its notification went out is not told', async () => {
    const phone = await subscribe('device-1', 'p1');
    bus.emit('turnEvent', card('t1', 'r1'));
    bus.emit('turnEvent', card('t1', 'r2'));
    bus.emit('turnEvent', {
      type: 'approval_resolved',
      threadId: 't1',
      turnId: 'turn-t1',
      requestId: 'r2',
      outcome: 'allowed',
    } as TurnEvent);
    await notify.service.idle();
    expect(received(phone).map((m) => m.id)).toEqual(['waiting:t1/r1']);
  });

  it('only a paired device subscribes (the computer has no deviceId), and only to a push service', async () => {
    const { keys } = makeReceiver();
    await expect(
      notify.handlers.subscribePush({ subscription: { endpoint: service.endpoint('x'), keys } }),
    ).rejects.toThrow(/paired phone or tablet/);
    await expect(
      notify.handlers.subscribePush({
        deviceId: 'd',
        subscription: { endpoint: 'https://192.168.1.1/push', keys },
      }),
    ).rejects.toThrow(/not an address/);
    await expect(
      notify.handlers.subscribePush({ deviceId: 'd', subscription: { endpoint: 'http://push.test/x', keys } }),
    ).rejects.toThrow(/https/);
    expect(await notify.subscriptions.all()).toEqual([]);
  });

  it('a revoked device and a subscription the push service calls gone are forgotten', async () => {
    await subscribe('device-1', 'p1');
    await subscribe('device-2', 'p2');
    await notify.forgetDevice('device-1');
    expect((await notify.subscriptions.all()).map((s) => s.deviceId)).toEqual(['device-2']);
    expect((await fs.stat(path.join(dir, 'push-subscriptions.json'))).mode & 0o777).toBe(0o600);
    service.answer(410);
    bus.emit('turnEvent', card('t1', 'r1'));
    await notify.service.idle();
    expect(await notify.subscriptions.all()).toEqual([]);
    expect((await notify.handlers.getNotify(undefined)).push).toEqual({ devices: 0, subscriptions: 0 });
  });

  it('a push service that fails leaves one sentence in Settings, and the turn events go on', async () => {
    await subscribe('device-1', 'p1');
    service.answer(503);
    bus.emit('turnEvent', card('t1', 'r1'));
    await notify.service.idle();
    expect((await notify.handlers.getNotify(undefined)).problem).toMatch(
      /^The push service push.test is having trouble/,
    );
    service.answer(201);
    bus.emit('turnEvent', card('t1', 'r2'));
    await notify.service.idle();
    expect((await notify.handlers.getNotify(undefined)).problem).toBeUndefined();
  });

  it('a full queue drops the oldest and says so', async () => {
    await subscribe('device-1', 'p1');
    for (let i = 0; i < MAX_QUEUED + 5; i++) bus.emit('turnEvent', card(`t${i}`, 'r'));
    expect((await notify.handlers.getNotify(undefined)).problem).toMatch(/fell behind and 4 were not sent/);
    await notify.service.idle();
    expect(service.received.length).toBe(MAX_QUEUED + 1);
  });

  it('ntfy: the token kept apart from the settings file and never logged; a refused token is one sentence', async () => {
    const ntfyServer = service
      .endpoint('x')
      .replace('push.test', '127.0.0.1')
      .replace(/\/send\/x$/, '');
    const state = await notify.handlers.setNotify({ ntfyServer, ntfyTopic: 'desk', ntfyToken: 'tk_abcdef123' });
    expect(state.ntfy).toEqual({
      server: ntfyServer,
      topic: 'desk',
      hasToken: true,
      tokenStorage: 'memory',
      titles: false,
    });
    expect(await fs.readFile(path.join(dir, 'notify.json'), 'utf8')).not.toContain('tk_abcdef123');
    expect(redactor.text('token tk_abcdef123')).not.toContain('tk_abcdef123');
    service.answer(401);
    bus.emit('turnEvent', card('t1', 'r1'));
    await notify.service.idle();
    expect((await notify.handlers.getNotify(undefined)).problem).toBe(
      '127.0.0.1:' + new URL(ntfyServer).port + ' refused the ntfy token; enter a token that may publish to the topic.',
    );
    const [got] = service.received;
    expect(got?.headers.authorization).toBe('Bearer tk_abcdef123');
    expect(JSON.parse(got!.body.toString('utf8'))).toEqual({
      topic: 'desk',
      message: 'A thread is waiting for you',
      priority: 4,
    });
    expect(logged.join('\n')).not.toContain('tk_abcdef123');
    await expect(notify.handlers.setNotify({ ntfyServer: 'http://ntfy.example.org' })).rejects.toThrow(/https/);
  });

  it('Send a test says in one sentence where it went, or that there is nowhere yet', async () => {
    expect(await notify.handlers.testNotify(undefined)).toEqual({
      ok: false,
      message: 'Nothing to notify yet: set up ntfy here, or turn notifications on on a paired device.',
    });
    const phone = await subscribe('device-1', 'p1');
    expect(await notify.handlers.testNotify(undefined)).toEqual({ ok: true, message: 'Sent to 1 device browser.' });
    expect(received(phone)[0]).toMatchObject({ kind: 'finished', body: 'Notifications reach this device.' });
    service.answer(503);
    expect(await notify.handlers.testNotify(undefined)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The push service push.test is having trouble/),
    });
  });

  it('a very long thread title is cut so the message stays small', async () => {
    const phone = await subscribe('device-1', 'p1');
    notify.close();
    notify = await wireNotify({
      f: {
        bus,
        layout: { stateDir: dir } as DataDirLayout,
        log: { warn: () => {} } as never,
        redactor,
        warn: () => {},
      },
      threads: { threads: { summary: () => ({ title: 'x'.repeat(5000) }) } as never },
      network: service.network,
    });
    bus.emit('turnEvent', card('t1', 'r1'));
    await notify.service.idle();
    expect(received(phone)[0]!.title).toHaveLength(200);
    expect(service.received[0]!.body.length).toBeLessThan(4096);
  });
});
