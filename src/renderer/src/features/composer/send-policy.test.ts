import { describe, expect, it, vi } from 'vitest';
import type { Attached } from './attachments';
import { submitMessage, typedNativeCommand, type SendPolicy } from './send-policy';

function setup(policy: Partial<SendPolicy>, text: string, attached: Attached = { images: [], files: [] }) {
  const drafts: [string, string | null | undefined][] = [];
  const taken: Attached[] = [];
  const restored: Attached[] = [];
  const runNative = vi.fn(async () => undefined);
  const send = vi.fn(async () => true);
  const ctx = {
    policy: { busy: false, blocked: undefined, send, sendNow: send, ...policy },
    text,
    threadId: 't1',
    setText: (value: string, thread?: string | null) => drafts.push([value, thread]),
    attachments: {
      none: attached.images.length === 0 && attached.files.length === 0,
      take: () => (taken.push(attached), attached),
      restore: (back: Attached) => restored.push(back),
    },
    runNative,
  };
  return { ctx, drafts, taken, restored, runNative, send: ctx.policy.send };
}

describe('send policy', () => {
  it('sends the text with its text files folded in, and empties the box', async () => {
    const t = setup({}, 'Review this', { images: [], files: [{ name: 'a.md', text: 'x' }] });
    await submitMessage(t.ctx);
    expect(t.send).toHaveBeenCalledWith('Review this\n\na.md:\n```attached\nx\n```', []);
    expect(t.drafts).toEqual([['', undefined]]);
    expect(t.restored).toEqual([]);
  });

  it('a refused send puts the text back in the thread it was written in, and the attachments back in the tray', async () => {
    const attached = { images: [{ name: 'p.png', mediaType: 'image/png' as const, data: 'AA==' }], files: [] };
    const t = setup({ send: vi.fn(async () => false) }, 'Hello', attached);
    await submitMessage(t.ctx);
    expect(t.drafts).toEqual([
      ['', undefined],
      ['Hello', 't1'],
    ]);
    expect(t.restored).toEqual([attached]);
  });

  it('a blocked send keeps everything in the box; an empty one sends nothing', async () => {
    const blocked = setup({ blocked: 'Not connected' }, 'Hello');
    await submitMessage(blocked.ctx);
    const empty = setup({}, '   ');
    await submitMessage(empty.ctx);
    for (const t of [blocked, empty]) {
      expect(t.send).not.toHaveBeenCalled();
      expect(t.drafts).toEqual([]);
      expect(t.taken).toEqual([]);
    }
  });

  it('/clear, /model, /cost and /mcp typed in full run Claude Desk’s own version instead of being sent', async () => {
    expect(typedNativeCommand(' /model ')).toBe('model');
    expect(typedNativeCommand('/model opus')).toBeUndefined();
    expect(typedNativeCommand('/review')).toBeUndefined();
    const t = setup({}, '/clear');
    await submitMessage(t.ctx);
    expect(t.runNative).toHaveBeenCalledWith('clear');
    expect(t.send).not.toHaveBeenCalled();
  });
});
