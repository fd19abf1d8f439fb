import { describe, expect, it } from 'vitest';
import { parseUsageLine, R, usageRecordsOf } from './usage-line';

const base = {
  type: 'assistant',
  sessionId: 's1',
  version: '2.1.328',
  requestId: 'req_1',
  timestamp: '2026-12-01T12:00:00.000Z',
  message: { id: 'msg_1', model: 'claude-sonnet-4-5', usage: { input_tokens: 10, output_tokens: 5 } },
};
const with_ = (patch: (o: typeof base & Record<string, unknown>) => void) => {
  const o = structuredClone(base) as typeof base & Record<string, unknown>;
  patch(o);
  return JSON.stringify(o);
};

describe("a transcript line's usage, read as ccusage reads it", () => {
  it('reads tokens by kind; cache writes from the per-lifetime split when the line has one', () => {
    const r = parseUsageLine(
      with_((o) => {
        Object.assign(o.message.usage, {
          cache_creation_input_tokens: 100,
          cache_read_input_tokens: 7,
          cache_creation: { ephemeral_5m_input_tokens: 30, ephemeral_1h_input_tokens: 20 },
        });
      }),
    )!;
    expect([r[R.input], r[R.output], r[R.cacheWrite], r[R.cacheWrite1h], r[R.cacheRead]]).toEqual([10, 5, 50, 20, 7]);
    expect(r[R.model]).toBe('claude-sonnet-4-5');
    expect(r[R.costUsd]).toBeNull();
  });

  it("keeps the CLI's own cost, names fast mode apart, and has no model for the CLI's synthetic replies", () => {
    expect(parseUsageLine(with_((o) => (o.costUSD = 0.25)))![R.costUsd]).toBe(0.25);
    expect(parseUsageLine(with_((o) => Object.assign(o.message.usage, { speed: 'fast' })))![R.model]).toBe(
      'claude-sonnet-4-5-fast',
    );
    expect(parseUsageLine(with_((o) => (o.message.model = '<synthetic>')))![R.model]).toBeNull();
  });

  it('skips what ccusage skips: null ids, an empty request id, a version that is not x.y.z, missing token counts', () => {
    for (const bad of [
      with_((o) => ((o.message as Record<string, unknown>).id = null)),
      with_((o) => ((o as Record<string, unknown>).requestId = null)),
      with_((o) => (o.requestId = '')),
      with_((o) => (o.version = 'dev')),
      with_((o) => ((o.message.usage as Record<string, unknown>).output_tokens = undefined)),
      with_((o) => ((o.message.usage as Record<string, unknown>).input_tokens = 1.5)),
      with_((o) => (o.timestamp = 'yesterday')),
      with_((o) => Object.assign(o.message.usage, { speed: 'warp' })),
      with_((o) => ((o.message as Record<string, unknown>).usage = null)),
    ]) {
      expect(parseUsageLine(bad)).toBeUndefined();
    }
    // A null that is not one of those fields (a message's content) is fine.
    expect(parseUsageLine(with_((o) => ((o.message as Record<string, unknown>).content = null)))).toBeDefined();
  });

  it('finds the usage lines of a batch and leaves the rest (a torn line, a line without usage) unread', () => {
    const lines = [
      JSON.stringify(base),
      '{"type":"user","message":{"content":"hi"}}',
      JSON.stringify(base).slice(0, 60),
      JSON.stringify({ ...base, message: { ...base.message, id: 'msg_2' } }),
    ];
    const records = usageRecordsOf(Buffer.from(`${lines.join('\n')}\n`));
    expect(records.map((r) => r[R.messageId])).toEqual(['msg_1', 'msg_2']);
  });
});
