import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readMessage } from '../src/command-line/read-message';

function stdin(text: string, isTTY = false) {
  return Object.assign(Readable.from([Buffer.from(text)]), { isTTY });
}

describe('claude-desk chat message source', () => {
  it('reads the message from stdin with "-", whatever its size', async () => {
    const big = `${'x'.repeat(200 * 1024)} END`;
    await expect(readMessage(['-'], stdin(big))).resolves.toEqual({ ok: true, text: big, fromStdin: true });
  });

  it('reads a pipe when no words are given, and keeps words on the command line first', async () => {
    await expect(readMessage([], stdin('from a pipe\n'))).resolves.toMatchObject({ ok: true, text: 'from a pipe' });
    await expect(readMessage(['hello', 'there'], stdin('ignored'))).resolves.toMatchObject({
      text: 'hello there',
      fromStdin: false,
    });
  });

  it('says how to send when there is nothing, instead of waiting on a terminal', async () => {
    const res = await readMessage([], stdin('', true));
    expect(res).toMatchObject({ ok: false });
    expect(!res.ok && res.error).toContain('claude-desk chat -');
    await expect(readMessage(['-'], stdin('  \n'))).resolves.toEqual({
      ok: false,
      error: 'Nothing to send: stdin was empty.',
    });
  });
});
