import { describe, expect, it } from 'vitest';
import { resolveRealPath } from './real-path.js';
import { sbplString, seatbeltDenyPaths, seatbeltProfile } from './seatbelt-profile.js';

/** A fake realpath for a macOS-like tree: /var and /tmp are symlinks into /private. */
function macRealpath(existing: string[]): (p: string) => string {
  return (p) => {
    const real = p.replace(/^\/(var|tmp)(?=\/|$)/, '/private/$1');
    if (!existing.some((e) => real === e || e.startsWith(`${real}/`)))
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    return real;
  };
}

describe('seatbeltProfile', () => {
  it('allows by default and denies reading and writing the private dir', () => {
    const dir = '/Users/ann/Library/Application Support/Claude Desk/state';
    const profile = seatbeltProfile([dir], (p) => p);
    expect(profile.split('\n')).toEqual([
      '(version 1)',
      '(allow default)',
      '(deny file-read* file-write* (subpath "/Users/ann/Library/Application Support/Claude Desk/state"))',
      '',
    ]);
  });

  it('denies both the given path and its realpath (/var → /private/var)', () => {
    const realpath = macRealpath(['/private/var/folders/x/Claude Desk/state']);
    const profile = seatbeltProfile(['/var/folders/x/Claude Desk/state'], realpath);
    expect(profile).toContain('(deny file-read* file-write* (subpath "/var/folders/x/Claude Desk/state"))');
    expect(profile).toContain('(deny file-read* file-write* (subpath "/private/var/folders/x/Claude Desk/state"))');
    // The deny rules come after (allow default): in SBPL the last matching rule wins.
    expect(profile.indexOf('(allow default)')).toBeLessThan(profile.indexOf('(deny'));
  });

  it('resolves symlinks even when the state dir does not exist yet', () => {
    const realpath = macRealpath(['/private/tmp']);
    expect(resolveRealPath('/tmp/desk/state', realpath)).toBe('/private/tmp/desk/state');
    expect(seatbeltDenyPaths(['/tmp/desk/state'], realpath)).toEqual(['/tmp/desk/state', '/private/tmp/desk/state']);
  });

  it('escapes backslashes and double quotes, keeps spaces and unicode', () => {
    expect(sbplString('/a b/c"d\\e/Café ☕/状態')).toBe('"/a b/c\\"d\\\\e/Café ☕/状態"');
    const profile = seatbeltProfile(['/Users/ann/My "Desk"\\x'], (p) => p);
    expect(profile).toContain('(subpath "/Users/ann/My \\"Desk\\"\\\\x")');
  });

  it('adds the other Unicode normalisation of a non-ASCII path', () => {
    const nfc = '/Users/ann/Caf\u00e9/state';
    const nfd = '/Users/ann/Cafe\u0301/state';
    const paths = seatbeltDenyPaths([nfc], (p) => p);
    expect(paths).toContain(nfc);
    expect(paths).toContain(nfd);
  });

  it('refuses NUL, newline and other control characters with a clear error', () => {
    expect(() => seatbeltProfile(['/a\nb'], (p) => p)).toThrow(/newline/);
    expect(() => seatbeltProfile(['/a\0b'], (p) => p)).toThrow(/NUL/);
    expect(() => seatbeltProfile(['/a\rb'], (p) => p)).toThrow(/U\+000d/);
  });

  it('refuses relative private dirs', () => {
    expect(() => seatbeltProfile(['state'], (p) => p)).toThrow(/absolute/);
  });
});
