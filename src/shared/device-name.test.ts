import { describe, expect, it } from 'vitest';
import { cleanDeviceName, DEVICE_NAME_MAX } from './device-name';

describe('cleanDeviceName', () => {
  it('removes bidi overrides and isolates, so a name cannot reverse the text after it', () => {
    expect(cleanDeviceName('Ana\u202Eenohp\u202C’s')).toBe('Anaenohp’s');
    expect(cleanDeviceName('\u2067x\u2069 \u200Fy\u061C')).toBe('x y');
  });

  it('turns control characters (newlines, tabs, NUL, C1) into single spaces', () => {
    expect(cleanDeviceName('  Work\n\tphone\u0000\u0085 2 ')).toBe('Work phone 2');
  });

  it('keeps at most 40 characters, never half of an emoji', () => {
    expect(cleanDeviceName('x'.repeat(10_000))).toHaveLength(DEVICE_NAME_MAX);
    const name = cleanDeviceName('📱'.repeat(50));
    expect(Array.from(name)).toHaveLength(DEVICE_NAME_MAX);
    expect(name.endsWith('📱')).toBe(true);
  });

  it('keeps HTML as the literal text the user typed (the page never renders it as markup)', () => {
    expect(cleanDeviceName('<b>iPad</b>')).toBe('<b>iPad</b>');
  });
});
