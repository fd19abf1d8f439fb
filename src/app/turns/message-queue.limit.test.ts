import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MessageQueueStore } from '../../core/store/message-queue-store';
import type { MessageQueueState } from '../../shared/message-queue';
import type { TurnEvent } from '../../shared/turn-events';
import { recordedCase, recordedValues } from '../../../test/fixtures/recorded-cases';
import { manualClock } from '../../../test/fixtures/manual-clock';
import { MessageQueue } from './message-queue';
import { QUEUE_AFTER_RESET_MS } from './plan-limit-gate';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-queue-limit-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The rate_limit_info the real CLI sent when the mock refused with 429 (recorded case 38c), reset moved to `at`. */
function refusal(threadId: string, turnId: string, resetsAtMs: number): TurnEvent {
  const line = recordedValues(recordedCase('38c-rate-limit-429-oauth')).find(
    (v) => (v as { type?: string }).type === 'rate_limit_event',
  ) as { rate_limit_info: Record<string, unknown> };
  expect(line.rate_limit_info.status).toBe('rejected');
  return {
    threadId,
    turnId,
    type: 'rate_limit',
    info: { ...line.rate_limit_info, resetsAt: Math.round(resetsAtMs / 1000) },
  };
}

function setup() {
  const c = manualClock();
  c.advance(1_800_000_000_000); // a real-looking epoch: resets are compared with it
  const sent: { threadId: string; text: string }[] = [];
  const states: MessageQueueState[] = [];
  const busy = new Set<string>(['a', 'b']);
  let turn = 0;
  const queue = new MessageQueue({
    store: new MessageQueueStore(path.join(dir, 'queued-messages.json')),
    send: async ({ threadId, text }) => {
      sent.push({ threadId, text });
      busy.add(threadId);
      return { turnId: `t${++turn}` };
    },
    stop: () => undefined,
    isBusy: (threadId) => busy.has(threadId),
    emit: (s) => states.push(s),
    timers: c.clock,
  });
  const last = (threadId: string) => states.filter((s) => s.threadId === threadId).at(-1);
  const finish = async (threadId: string, turnId: string, status: 'done' | 'failed') => {
    busy.delete(threadId);
    const before = states.length;
    queue.onTurnEvent({ threadId, turnId, type: 'finished', status });
    await expect.poll(() => states.length).toBeGreaterThan(before);
  };
  return { c, queue, sent, states, busy, last, finish };
}

describe('the message queue at the plan limit', () => {
  it('waits for the reset, says when it goes, then sends in order by itself', async () => {
    const { c, queue, sent, last, finish } = setup();
    await queue.enqueue('a', { id: 'm1', text: 'first' });
    await queue.enqueue('a', { id: 'm2', text: 'second' });
    const reset = c.clock.now() + 60_000;
    queue.onTurnEvent(refusal('a', 't0', reset));
    await finish('a', 't0', 'failed');
    expect(last('a')).toMatchObject({ hold: 'limit', resumesAt: reset + QUEUE_AFTER_RESET_MS });
    expect(sent).toEqual([]);

    c.advance(60_000); // the reset itself: not yet (the CLI rounds it)
    expect(sent).toEqual([]);
    c.advance(QUEUE_AFTER_RESET_MS);
    await expect.poll(() => sent.map((s) => s.text)).toEqual(['first']);
    expect(last('a')?.hold).toBeUndefined();
    await finish('a', 't1', 'done');
    expect(sent.map((s) => s.text)).toEqual(['first', 'second']);
  });

  it("one thread's refusal holds another thread's queue too (the limit is the account's)", async () => {
    const { c, queue, sent, last, finish } = setup();
    await queue.enqueue('b', { id: 'x', text: 'in b' });
    queue.onTurnEvent(refusal('a', 'ta', c.clock.now() + 30_000));
    // b's own turn failed for the same limit; a's refusal already closed the gate.
    await finish('b', 'tb', 'failed');
    expect(last('b')).toMatchObject({ hold: 'limit' });
    c.advance(30_000 + QUEUE_AFTER_RESET_MS);
    await expect.poll(() => sent).toEqual([{ threadId: 'b', text: 'in b' }]);
  });

  it('a message queued while nothing runs waits too; Send now still sends it at once', async () => {
    const { c, queue, sent, busy } = setup();
    queue.onTurnEvent(refusal('a', 'ta', c.clock.now() + 30_000));
    busy.clear();
    expect(await queue.enqueue('a', { id: 'm', text: 'later' })).toMatchObject({ hold: 'limit', items: [{ id: 'm' }] });
    expect(sent).toEqual([]);
    await queue.sendNow('a', 'm');
    expect(sent.map((s) => s.text)).toEqual(['later']);
  });

  it('a turn running at the reset keeps the queue until it ends; a report that the account is allowed opens it early', async () => {
    const { c, queue, sent, last, finish } = setup();
    await queue.enqueue('a', { id: 'm', text: 'queued' });
    queue.onTurnEvent(refusal('a', 't0', c.clock.now() + 30_000));
    await finish('a', 't0', 'failed');
    expect(last('a')?.hold).toBe('limit');
    // An allowed report (a turn elsewhere went through) opens the gate before the reset time.
    queue.onTurnEvent({ threadId: 'b', turnId: 'tb', type: 'rate_limit', info: { status: 'allowed' } });
    await expect.poll(() => sent.map((s) => s.text)).toEqual(['queued']);
    c.advance(60_000);
    expect(sent).toHaveLength(1);
  });

  it('without a reset time a refusal holds the queue as any failed turn does', async () => {
    const { queue, sent, last, finish } = setup();
    await queue.enqueue('a', { id: 'm', text: 'queued' });
    queue.onTurnEvent({ threadId: 'a', turnId: 't0', type: 'rate_limit', info: { status: 'rejected' } });
    await finish('a', 't0', 'failed');
    expect(last('a')).toMatchObject({ hold: 'failed' });
    expect(sent).toEqual([]);
  });
});
