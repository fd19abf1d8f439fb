import { describe, expect, it } from 'vitest';
import { recordedCase, recordedValues } from '../../../test/fixtures/recorded-cases';
import { CliEventMapper } from '../turn/cli-event-mapper';
import { isKeepAlive } from './keep-alive';

describe('lines that only say Claude Code is alive (recorded case 62)', () => {
  const heartbeats = () =>
    recordedValues(recordedCase('62-keep-alive.a-long-foreground-command')).filter(
      (v) => (v as { type?: string }).type === 'tool_progress',
    );

  it('are the 30 s tool heartbeats of 2.1.337 and keep_alive, nothing else', () => {
    expect(heartbeats()).toHaveLength(2);
    expect(heartbeats().every(isKeepAlive)).toBe(true);
    expect(isKeepAlive({ type: 'keep_alive' })).toBe(true);
    expect(isKeepAlive({ type: 'tool_progress', heartbeat: false })).toBe(false);
    expect(isKeepAlive({ type: 'stream_event' })).toBe(false);
    expect(isKeepAlive(null)).toBe(false);
  });

  it('show nothing in the turn: its activity line does not change for them', () => {
    const mapper = new CliEventMapper({ threadId: 't', turnId: 'u' });
    for (const line of [...heartbeats(), { type: 'keep_alive' }]) expect(mapper.map(line).events).toEqual([]);
  });
});
