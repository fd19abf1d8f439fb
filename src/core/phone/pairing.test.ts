import { describe, expect, it } from 'vitest';
import { CODE_TTL_MS, PairingCodes, WRONG_CODES_BEFORE_LOCKOUT, cleanDeviceName } from './pairing';
import type { PairingEnd } from '../../shared/phone';

function setup() {
  let now = 1_000_000;
  const ends: Array<{ end: PairingEnd; message: string }> = [];
  const codes = new PairingCodes(
    () => now,
    (_id, end, message) => ends.push({ end, message }),
  );
  return { codes, ends, advance: (ms: number) => (now += ms) };
}

describe('pairing codes', () => {
  it('is 128 bits, single use, and gives the phone a 6-digit number the user must type', () => {
    const { codes, ends } = setup();
    const { code } = codes.start();
    expect(Buffer.from(code, 'base64url')).toHaveLength(16);
    const r = codes.redeem(code, '192.168.1.30', 'lan', { k: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.pending.number).toMatch(/^\d{6}$/);
    const a = codes.answer(r.pending.requestId, true, r.pending.number, 'My phone');
    expect(a).toMatchObject({ ok: true, name: 'My phone' });
    expect(ends.map((e) => e.end)).toEqual(['paired']);
    // used: the same code gets nothing any more
    expect(codes.redeem(code, '192.168.1.30', 'lan', {}).ok).toBe(false);
  });

  it('expires after 2 minutes', () => {
    const { codes, advance } = setup();
    const { code } = codes.start();
    advance(CODE_TTL_MS);
    expect(codes.redeem(code, 'a', 'lan', {})).toMatchObject({ ok: false, reason: 'wrong' });
  });

  it('redeemed twice cancels the pairing and warns', () => {
    const { codes, ends } = setup();
    const { code } = codes.start();
    const first = codes.redeem(code, '192.168.1.30', 'lan', {});
    const second = codes.redeem(code, '192.168.1.31', 'lan', {});
    expect(second).toMatchObject({ ok: false, reason: 'code-reused' });
    expect(ends).toEqual([{ end: 'cancelled', message: expect.stringMatching(/opened twice/) }]);
    if (!first.ok) throw new Error('first should pair');
    // the first phone's request is gone too: its number no longer pairs
    expect(codes.answer(first.pending.requestId, true, first.pending.number, 'x').ok).toBe(false);
  });

  it('a wrong number cancels the request; Deny ends it', () => {
    const { codes, ends } = setup();
    const r = codes.redeem(codes.start().code, 'a', 'lan', {});
    if (!r.ok) throw new Error('should redeem');
    const wrong = r.pending.number === '000000' ? '000001' : '000000';
    expect(codes.answer(r.pending.requestId, true, wrong, 'x')).toMatchObject({ ok: false, end: 'cancelled' });
    expect(codes.answer(r.pending.requestId, true, r.pending.number, 'x').ok).toBe(false);
    const r2 = codes.redeem(codes.start().code, 'a', 'lan', {});
    if (!r2.ok) throw new Error('should redeem');
    codes.answer(r2.pending.requestId, false, undefined, undefined);
    expect(ends.map((e) => e.end)).toEqual(['cancelled', 'denied']);
  });

  it('an unanswered request expires', () => {
    const { codes, ends, advance } = setup();
    const r = codes.redeem(codes.start().code, 'a', 'lan', {});
    if (!r.ok) throw new Error('should redeem');
    advance(CODE_TTL_MS + 1);
    expect(codes.current()).toBeUndefined();
    expect(ends.map((e) => e.end)).toEqual(['expired']);
  });

  it('wrong codes past the limit cancel the current code, and a fresh code still pairs', () => {
    const { codes } = setup();
    const { code } = codes.start();
    for (let i = 0; i < WRONG_CODES_BEFORE_LOCKOUT - 1; i++)
      expect(codes.redeem(`x${i}`, `10.0.0.${i}`, 'lan', {}).ok).toBe(false);
    expect(codes.redeem('last', '10.0.1.1', 'lan', {})).toMatchObject({ ok: false, reason: 'locked-out' });
    expect(codes.redeem(code, '10.0.0.1', 'lan', {}).ok).toBe(false); // the guessed-at code is gone
    const fresh = codes.start().code;
    expect(codes.redeem(fresh, '10.0.0.1', 'lan', {}).ok).toBe(true);
  });

  it('a device name needs to be given', () => {
    const { codes } = setup();
    const r = codes.redeem(codes.start().code, 'a', 'lan', {});
    if (!r.ok) throw new Error('should redeem');
    expect(codes.answer(r.pending.requestId, true, r.pending.number, '\u202e\u200b  ')).toMatchObject({ ok: false });
    expect(codes.answer(r.pending.requestId, true, r.pending.number, 'ok').ok).toBe(true);
  });
});

describe('a device name', () => {
  it('loses control and bidi characters, and is at most 40 characters', () => {
    expect(cleanDeviceName('Ann\u202Egnp.exe\u0007 phone')).toBe('Anngnp.exe phone');
    expect(cleanDeviceName('a\u2066b\u2069c\u200Fd\u061Ce')).toBe('abcde');
    expect(cleanDeviceName('x'.repeat(10_000))).toHaveLength(40);
    expect(cleanDeviceName('<b>html</b>')).toBe('<b>html</b>'); // shown as text, never as markup
    expect(cleanDeviceName('  two\n\tlines  ')).toBe('two lines');
  });
});
