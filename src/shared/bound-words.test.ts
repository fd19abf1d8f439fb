import { describe, expect, it } from 'vitest';
import { boundInWords } from './bound-words';

describe('boundInWords', () => {
  it('says seconds for a bound of seconds (never "0 min") and minutes for a long one', () => {
    expect(boundInWords(16_000)).toBe('16 seconds');
    expect(boundInWords(1_000)).toBe('1 second');
    expect(boundInWords(60_000)).toBe('60 seconds');
    expect(boundInWords(30 * 60_000)).toBe('30 minutes');
  });
});
