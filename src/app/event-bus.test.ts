import { describe, expect, it } from 'vitest';
import { EventBus } from './event-bus';

describe('EventBus', () => {
  it("on() hands a listener only its event's payloads, until it unsubscribes", () => {
    const bus = new EventBus();
    const notices: string[] = [];
    const off = bus.on('notice', (n) => notices.push(n.message));
    bus.emit('settingsChanged', {} as never);
    bus.emit('notice', { level: 'warning', message: 'one' });
    off();
    bus.emit('notice', { level: 'warning', message: 'two' });
    expect(notices).toEqual(['one']);
  });

  it('a listener that throws does not stop delivery to the others', () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on('notice', () => {
      throw new Error('broken tab');
    });
    bus.on('notice', (n) => seen.push(n.message));
    bus.emit('notice', { level: 'info', message: 'still here' });
    expect(seen).toEqual(['still here']);
  });
});
