import { describe, expect, it } from 'vitest';
import { bwrapArgs } from './bwrap-args.js';

describe('bwrapArgs', () => {
  it('binds the real root, hides each private dir under a read-only tmpfs, drops caps, ends options with --', () => {
    expect(bwrapArgs(['/home/ann/.config/Claude Desk/state'], '/usr/bin/claude', ['-p'])).toEqual([
      '--dev-bind',
      '/',
      '/',
      '--tmpfs',
      '/home/ann/.config/Claude Desk/state',
      '--remount-ro',
      '/home/ann/.config/Claude Desk/state',
      '--cap-drop',
      'ALL',
      '--die-with-parent',
      '--',
      '/usr/bin/claude',
      '-p',
    ]);
  });

  it('never adds --new-session (it would take the CLI out of the process group)', () => {
    expect(bwrapArgs(['/s'], '/c', [])).not.toContain('--new-session');
  });

  it('keeps the CLI argv intact after --: spaces, quotes, empty strings, leading dashes, a literal --', () => {
    const args = [
      '-p',
      '--mcp-config',
      '{"mcpServers": {"a b": {}}}',
      '',
      ' ',
      "it's",
      '--',
      '--tmpfs',
      '/',
      'a\\b',
      'ünï',
    ];
    const out = bwrapArgs(['/data/state'], '/opt/my claude/claude', args);
    const sep = out.indexOf('--');
    expect(out.slice(sep + 1)).toEqual(['/opt/my claude/claude', ...args]);
  });

  it('dedupes dirs and skips a dir already hidden by its parent', () => {
    const out = bwrapArgs(['/d/state/threads', '/d/state', '/d/state/', '/d/other'], '/c', []);
    expect(out.filter((a) => a === '--tmpfs')).toHaveLength(2);
    expect(out).toContain('/d/state');
    expect(out).toContain('/d/other');
    expect(out).not.toContain('/d/state/threads');
  });

  it('refuses relative paths and the filesystem root', () => {
    expect(() => bwrapArgs(['state'], '/c', [])).toThrow(/absolute/);
    expect(() => bwrapArgs(['/'], '/c', [])).toThrow(/whole filesystem/);
  });
});
