import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MessageQueueStore } from '../../core/store/message-queue-store';
import type { MessageQueueState } from '../../shared/message-queue';
import { MessageQueue } from './message-queue';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-queue-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A host whose turns run until the test ends them; sent messages are recorded in order. */
function setup(opts: { refuse?: boolean } = {}) {
  const file = path.join(dir, 'queued-messages.json');
  const sent: string[] = [];
  const stopped: string[] = [];
  const states: MessageQueueState[] = [];
  let busy = true;
  let turn = 0;
  const queue = new MessageQueue({
    store: new MessageQueueStore(file),
    send: async ({ text }) => {
      if (opts.refuse) throw new Error('Claude Code CLI not found.');
      sent.push(text);
      busy = true;
      return { turnId: `t${++turn}` };
    },
    stop: (threadId) => stopped.push(threadId),
    isBusy: () => busy,
    emit: (s) => states.push(s),
  });
  /** The running turn ends; the queue reacts (its work is chained, so wait for the next published state). */
  const finish = async (status: 'done' | 'failed' | 'stopped', turnId = `t${turn}`) => {
    busy = false;
    const before = states.length;
    queue.onTurnEvent({ threadId: 'th', turnId, type: 'finished', status });
    await expect.poll(() => states.length).toBeGreaterThan(before);
    return states.at(-1)!;
  };
  return { queue, sent, stopped, states, finish, file, setBusy: (b: boolean) => (busy = b) };
}

describe('MessageQueue', () => {
  it('holds messages typed during a turn and sends them one at a time, in order, as each turn ends well', async () => {
    const { queue, sent, finish } = setup();
    await queue.enqueue('th', { id: 'a', text: 'first' });
    const state = await queue.enqueue('th', { id: 'b', text: 'second' });
    expect(state.items.map((m) => m.text)).toEqual(['first', 'second']);
    expect(sent).toEqual([]);
    expect((await finish('done', 't0')).items.map((m) => m.text)).toEqual(['second']);
    expect(sent).toEqual(['first']);
    expect((await finish('done')).items).toEqual([]);
    expect(sent).toEqual(['first', 'second']);
  });

  it('sends at once when nothing runs and nothing waits', async () => {
    const { queue, sent, setBusy } = setup();
    setBusy(false);
    const state = await queue.enqueue('th', { id: 'a', text: 'hello' });
    expect(sent).toEqual(['hello']);
    expect(state.items).toEqual([]);
  });

  it('keeps the queue when a turn fails or is stopped, until the user sends one now', async () => {
    const { queue, sent, finish } = setup();
    await queue.enqueue('th', { id: 'a', text: 'first' });
    await queue.enqueue('th', { id: 'b', text: 'second' });
    expect(await finish('failed', 't0')).toMatchObject({ hold: 'failed', items: [{ id: 'a' }, { id: 'b' }] });
    expect(sent).toEqual([]);
    const after = await queue.sendNow('th', 'b');
    expect(sent).toEqual(['second']);
    expect(after.items.map((m) => m.id)).toEqual(['a']);
    expect(after.hold).toBeUndefined();
    expect((await finish('stopped')).hold).toBe('stopped');
    expect(sent).toEqual(['second']);
  });

  it('Send now during a turn stops it and sends that message first once it has stopped', async () => {
    const { queue, sent, stopped, finish } = setup();
    await queue.enqueue('th', { id: 'a', text: 'first' });
    await queue.enqueue('th', { id: 'b', text: 'urgent' });
    expect((await queue.sendNow('th', 'b')).items.map((m) => m.id)).toEqual(['b', 'a']);
    expect(stopped).toEqual(['th']);
    expect(sent).toEqual([]);
    await finish('stopped', 't0');
    expect(sent).toEqual(['urgent']);
    await finish('done');
    expect(sent).toEqual(['urgent', 'first']);
  });

  it('edits and removes a queued message; one already sent says so', async () => {
    const { queue, finish } = setup();
    await queue.enqueue('th', { id: 'a', text: 'frist' });
    await queue.enqueue('th', { id: 'b', text: 'drop me' });
    expect((await queue.edit('th', 'a', 'first')).items[0]!.text).toBe('first');
    expect((await queue.remove('th', 'b')).items.map((m) => m.id)).toEqual(['a']);
    await expect(queue.edit('th', 'a', '  ')).rejects.toThrow(/Remove it instead/);
    await finish('done', 't0');
    await expect(queue.edit('th', 'a', 'late')).rejects.toThrow(/no longer queued/);
  });

  it('an older turn ending does not send the next message before the one the queue started has ended', async () => {
    const { queue, sent, finish, states } = setup();
    await queue.enqueue('th', { id: 'a', text: 'first' });
    await queue.enqueue('th', { id: 'b', text: 'second' });
    await finish('done', 't0');
    const before = states.length;
    queue.onTurnEvent({ threadId: 'th', turnId: 'someone-else', type: 'finished', status: 'done' });
    await queue.state('th');
    expect(states.length).toBe(before);
    expect(sent).toEqual(['first']);
  });

  it('survives a restart: the queue is on disk (0600) with its images, and waits for the user', async () => {
    const { queue, file } = setup();
    const image = { mediaType: 'image/png' as const, data: 'iVBORw0KGgo=', name: 'shot.png' };
    await queue.enqueue('th', { id: 'a', text: 'look', images: [image] });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const sent: unknown[] = [];
    const again = new MessageQueue({
      store: new MessageQueueStore(file),
      send: async (input) => {
        sent.push(input);
        return { turnId: 'x' };
      },
      stop: () => {},
      isBusy: () => false,
      emit: () => {},
    });
    expect(await again.state('th')).toMatchObject({
      hold: 'idle',
      items: [{ id: 'a', text: 'look', images: [{ name: 'shot.png', mediaType: 'image/png' }] }],
    });
    await again.sendNow('th', 'a');
    expect(sent).toEqual([{ threadId: 'th', messageId: 'a', text: 'look', images: [image] }]);
  });

  it('a message the host refuses goes back to the front, and the queue says why', async () => {
    const { queue, finish } = setup({ refuse: true });
    await queue.enqueue('th', { id: 'a', text: 'first' });
    const state = await finish('done', 't0');
    expect(state).toMatchObject({ hold: 'failed', problem: 'Claude Code CLI not found.', items: [{ id: 'a' }] });
  });
});
