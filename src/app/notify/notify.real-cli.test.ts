import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePushService, type FakePushService } from '../../../test/fixtures/fake-push-service';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import { decryptAes128gcm, makeReceiver, verifyVapid } from '../../../test/fixtures/web-push-receiver';
import type { PushMessage } from '../../shared/notify';
import type { TurnEvent } from '../../shared/turn-events';
import type { DataDirLayout } from '../../core/store/data-dir';
import { createDeskApp, type DeskApp } from '../desk-app';
import { wireNotify, type NotifyWiring } from './notify-wiring';

/**
 * A real turn of Claude Code (against the mock API) asks to write a file: a paired device's browser, subscribed
 * through the contract, receives one "waiting for you" from a push service on 127.0.0.1 over HTTPS, which only its
 * keys decrypt; after the answer, one "finished". The app's own notify wiring keeps the fixed push-service list; the
 * test's, on the same bus, reaches its fake service.
 */
describe('Web Push from a real turn (real CLI, mock API, fake push service)', () => {
  let mock: MockApi;
  let push: FakePushService;
  let desk: DeskApp;
  let notify: NotifyWiring;
  let dataDir: string;
  let pushDir: string;
  let cleanup: () => void;
  const events: TurnEvent[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    push = await startFakePushService();
    const cli = realCliEnv(mock);
    cleanup = cli.cleanup;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-notify-'));
    pushDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-notify-state-'));
    desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir },
    });
    desk.bus.on('turnEvent', (e) => events.push(e));
    notify = await wireNotify({
      f: {
        bus: desk.bus,
        layout: { stateDir: pushDir } as DataDirLayout,
        log: desk.services.log,
        redactor: desk.services.redactor,
        warn: () => {},
      },
      threads: { threads: desk.services.threads },
      network: push.network,
    });
  });
  afterAll(async () => {
    notify?.close();
    await notify?.service.idle();
    await desk?.shutdown();
    await push?.close();
    await mock?.close();
    cleanup?.();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(pushDir, { recursive: true, force: true });
  });

  it('a card asking to write a file reaches the device as one encrypted "waiting for you"', async () => {
    const phone = makeReceiver();
    const { publicKey } = await notify.handlers.getPushKey(undefined);
    await notify.handlers.subscribePush({
      deviceId: 'phone-1',
      subscription: { endpoint: push.endpoint('phone-1'), keys: phone.keys },
    });
    await desk.handlers.updateSettings({ permissionMode: 'ask' });
    const thread = await desk.handlers.createThread({ title: 'Write the greeting' });
    const { turnId } = await desk.handlers.sendMessage({ threadId: thread.id, text: 'SCENARIO:write Write it' });

    await expect.poll(() => push.received.length, { timeout: 60_000 }).toBe(1);
    const [got] = push.received;
    expect(got?.path).toBe('/send/phone-1');
    expect(verifyVapid(String(got?.headers.authorization)).publicKey).toBe(publicKey);
    const told = JSON.parse(decryptAes128gcm(phone, got!.body)) as PushMessage;
    const request = events.find(
      (e): e is Extract<TurnEvent, { type: 'approval_request' }> =>
        e.type === 'approval_request' && e.turnId === turnId,
    )!.request;
    expect(told).toMatchObject({
      v: 1,
      kind: 'waiting',
      id: `waiting:${thread.id}/${request.requestId}`,
      threadId: thread.id,
      title: 'Write the greeting',
      body: 'Claude is waiting for your approval to use Write.',
    });

    await desk.handlers.answerApproval({
      threadId: thread.id,
      turnId,
      requestId: request.requestId,
      decision: { behavior: 'deny' },
    });
    await expect.poll(() => push.received.length, { timeout: 60_000 }).toBe(2);
    const finished = JSON.parse(decryptAes128gcm(phone, push.received[1]!.body)) as PushMessage;
    expect(finished).toMatchObject({ kind: 'finished', id: `finished:${turnId}`, threadId: thread.id });
    await notify.service.idle();
    expect(push.received).toHaveLength(2); // the answer itself is not told

    // No key, endpoint or payload in the log.
    const keys = JSON.parse(await fs.readFile(path.join(pushDir, 'push-vapid.json'), 'utf8')) as { privateKey: string };
    const log = await fs.readFile(desk.layout.logFile, 'utf8');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [keys.privateKey, phone.keys.auth, push.endpoint('phone-1'), 'Write the greeting'])
      expect(log).not.toContain(secret);
  });
});
