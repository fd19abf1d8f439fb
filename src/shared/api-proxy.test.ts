import { describe, expect, it } from 'vitest';
import { createApiProxy } from './api-proxy';
import { CALL_NAMES, parseCallInput, type CallName } from './contract';

describe('createApiProxy', () => {
  it('has one verb per contract call, each sent through the transport by its name', async () => {
    const sent: [CallName, unknown][] = [];
    const api = createApiProxy({
      call: async (name, input) => {
        sent.push([name, input]);
        return name === 'getThread' ? null : { turnId: 't1', messageId: 'm1' };
      },
      listen: () => () => undefined,
    });
    for (const name of CALL_NAMES) expect(typeof api[name]).toBe('function');
    await expect(api.sendMessage({ threadId: 'a', messageId: 'm1', text: 'hi' })).resolves.toEqual({
      turnId: 't1',
      messageId: 'm1',
    });
    await api.getThread({ threadId: 'a' });
    expect(sent).toEqual([
      ['sendMessage', { threadId: 'a', messageId: 'm1', text: 'hi' }],
      ['getThread', { threadId: 'a' }],
    ]);
  });

  it('on() delivers the pushed events of its name and unsubscribes', () => {
    const listeners = new Map<string, (p: unknown) => void>();
    const api = createApiProxy({
      call: async () => null,
      listen: (event, listener) => {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      },
    });
    const states: string[] = [];
    const off = api.on('connection', ({ state }) => states.push(state));
    listeners.get('connection')?.({ state: 'reconnecting' });
    off();
    expect(states).toEqual(['reconnecting']);
    expect(listeners.has('connection')).toBe(false);
  });
});

describe('sendMessage input', () => {
  it('takes a client-chosen message id of plain characters only', () => {
    expect(parseCallInput('sendMessage', { threadId: 't', messageId: 'b3a1-42_x', text: 'hi' }).messageId).toBe(
      'b3a1-42_x',
    );
    expect(() => parseCallInput('sendMessage', { threadId: 't', messageId: '../x', text: 'hi' })).toThrow(/message id/);
    expect(() => parseCallInput('sendMessage', { threadId: 't', messageId: '', text: 'hi' })).toThrow(/message id/);
  });
});
