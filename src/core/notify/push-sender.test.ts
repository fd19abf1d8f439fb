import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startFakePushService, type FakePushService } from '../../../test/fixtures/fake-push-service';
import { decryptAes128gcm, makeReceiver, verifyVapid } from '../../../test/fixtures/web-push-receiver';
import { PUSH_TTL_SECONDS, sendPush } from './push-sender';

describe('sending one push', () => {
  let service: FakePushService;
  const keys = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    service = await startFakePushService();
  });
  afterAll(async () => {
    await service?.close();
  });
  beforeEach(() => {
    service.received.length = 0;
    service.answer(201);
  });

  it('is encrypted for the browser alone (RFC 8291, aes128gcm): an independent decryption reads it back', async () => {
    const receiver = makeReceiver();
    const payload = JSON.stringify({ v: 1, id: 'waiting:t1/r1', body: 'Ünïcödé and a long tail '.repeat(40) });
    const outcome = await sendPush({ endpoint: service.endpoint('a'), keys: receiver.keys }, payload, {
      keys,
      network: service.network,
      topic: 'waiting-t1',
      urgency: 'high',
    });
    expect(outcome).toEqual({ kind: 'sent' });
    const [got] = service.received;
    expect(got?.headers['content-encoding']).toBe('aes128gcm');
    expect(got?.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(got?.headers.urgency).toBe('high');
    expect(got?.headers.topic).toBe('waiting-t1');
    expect(got?.body.includes(Buffer.from('Ünïcödé'))).toBe(false); // nothing readable on the wire
    expect(decryptAes128gcm(receiver, got!.body)).toBe(payload);
    // Another browser's keys cannot read it.
    expect(() => decryptAes128gcm(makeReceiver(), got!.body)).toThrow();
  });

  it('carries a VAPID JWT: ES256, signed with this computer key, aud the endpoint origin, exp within 24 h', async () => {
    const receiver = makeReceiver();
    const before = Math.floor(Date.now() / 1000);
    await sendPush({ endpoint: service.endpoint('b'), keys: receiver.keys }, '{}', { keys, network: service.network });
    const { claims, publicKey, header } = verifyVapid(String(service.received[0]?.headers.authorization));
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(publicKey).toBe(keys.publicKey);
    expect(claims.aud).toBe(new URL(service.endpoint('b')).origin);
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 24 * 3600);
    expect(claims.sub).toMatch(/^mailto:/);
  });

  it('to a subscription the push service says is gone (404, 410) answers gone; a failure answers one sentence', async () => {
    const receiver = makeReceiver();
    const send = () =>
      sendPush({ endpoint: service.endpoint('c'), keys: receiver.keys }, '{}', { keys, network: service.network });
    service.answer(410);
    expect(await send()).toEqual({ kind: 'gone' });
    service.answer(404);
    expect(await send()).toEqual({ kind: 'gone' });
    service.answer(503);
    const failed = await send();
    expect(failed).toMatchObject({
      kind: 'failed',
      sentence: expect.stringMatching(/^The push service push.test is having trouble \(HTTP 503\)/),
    });
    service.answer(429);
    expect(await send()).toMatchObject({ sentence: expect.stringMatching(/slow down/) });
  });

  it('is not sent at all to an endpoint the check refuses, nor with keys that are not a subscription', async () => {
    const receiver = makeReceiver();
    const other = await sendPush({ endpoint: 'https://example.com/x', keys: receiver.keys }, '{}', {
      keys,
      network: service.network,
    });
    expect(other).toMatchObject({ kind: 'failed', sentence: expect.stringMatching(/not a push service/) });
    const broken = await sendPush({ endpoint: service.endpoint('d'), keys: { p256dh: 'AAAA', auth: 'AAAA' } }, '{}', {
      keys,
      network: service.network,
    });
    expect(broken).toEqual({ kind: 'gone' });
    expect(service.received).toHaveLength(0);
  });

  it('that cannot reach the push service answers a sentence, not an exception', async () => {
    const closed = await startFakePushService();
    await closed.close();
    const outcome = await sendPush({ endpoint: closed.endpoint('e'), keys: makeReceiver().keys }, '{}', {
      keys,
      network: closed.network,
    });
    expect(outcome).toMatchObject({ kind: 'failed', sentence: expect.stringMatching(/could not be reached/) });
  });
});
