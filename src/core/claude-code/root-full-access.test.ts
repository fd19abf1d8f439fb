import { describe, expect, it } from 'vitest';
import { fullAccessRefused } from './root-full-access';

describe('full access as root', () => {
  it('is refused for root without IS_SANDBOX, allowed with it, and for any other user', () => {
    expect(fullAccessRefused({}, 0)).toBe(true);
    expect(fullAccessRefused({ IS_SANDBOX: '1' }, 0)).toBe(false);
    expect(fullAccessRefused({}, 1000)).toBe(false);
    // Windows has no uid: nothing to refuse.
    expect(fullAccessRefused({}, undefined)).toBe(false);
  });
});
