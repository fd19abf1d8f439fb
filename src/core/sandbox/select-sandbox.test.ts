import { describe, expect, it, vi } from 'vitest';
import type { ProbeResult } from './probe-bwrap.js';
import { selectSandbox, type SelectSandboxDeps } from './select-sandbox.js';

const STATE = '/home/ann/.config/Claude Desk/state';
const ARGV = ['-p', '--input-format', 'stream-json', '', 'two words', '"quoted"', '--', '-x'];

function deps(overrides: Partial<SelectSandboxDeps> = {}): SelectSandboxDeps {
  return {
    platform: 'linux',
    env: { PATH: '/usr/bin' },
    privateDirs: [STATE],
    exists: () => true,
    which: () => '/usr/bin/bwrap',
    realpath: (p) => p,
    probe: async () => ({ ok: true }),
    probeCache: new Map(),
    ensureDir: async () => {},
    ...overrides,
  };
}

describe('selectSandbox', () => {
  it('macOS with sandbox-exec → seatbelt; wrap names turn.sb in the scratch dir, gives its text, and keeps argv', async () => {
    const box = await selectSandbox(
      deps({ platform: 'darwin', privateDirs: ['/Users/ann/Library/Application Support/Claude Desk/state'] }),
    );
    expect(box.kind).toBe('seatbelt');
    const cmd = await box.wrap('/opt/claude', ARGV, '/tmp/turn-1');
    expect(cmd).toMatchObject({
      file: '/usr/bin/sandbox-exec',
      args: ['-f', '/tmp/turn-1/turn.sb', '/opt/claude', ...ARGV],
    });
    expect(Object.keys(cmd.files ?? {})).toEqual(['turn.sb']);
    expect(cmd.files?.['turn.sb']).toContain(
      '(deny file-read* file-write* (subpath "/Users/ann/Library/Application Support/Claude Desk/state"))',
    );
  });

  it('macOS without /usr/bin/sandbox-exec → none, saying so', async () => {
    const box = await selectSandbox(deps({ platform: 'darwin', exists: () => false }));
    expect(box).toMatchObject({ kind: 'none', reason: expect.stringContaining('/usr/bin/sandbox-exec not found') });
  });

  it('macOS with a data dir the profile cannot express → none with the reason, not a broken turn', async () => {
    const box = await selectSandbox(deps({ platform: 'darwin', privateDirs: ['/Users/ann/odd\nname/state'] }));
    expect(box.kind).toBe('none');
    expect(box.reason).toMatch(/newline/);
  });

  it('Linux with a working bwrap → bubblewrap; wrap puts the CLI after -- with argv intact', async () => {
    const box = await selectSandbox(deps());
    expect(box.kind).toBe('bubblewrap');
    expect(box.reason).toContain(STATE);
    const cmd = await box.wrap('/opt/claude', ARGV, '/tmp/turn-1');
    expect(cmd.file).toBe('/usr/bin/bwrap');
    expect(cmd.args).toContain('--tmpfs');
    expect(cmd.args.slice(cmd.args.indexOf('--') + 1)).toEqual(['/opt/claude', ...ARGV]);
  });

  it('Linux walls off the realpath of the state dir', async () => {
    const box = await selectSandbox(deps({ realpath: (p) => p.replace('/home/ann', '/mnt/disk/ann') }));
    const { args } = await box.wrap('/c', [], '/tmp/t');
    expect(args).toContain('/mnt/disk/ann/.config/Claude Desk/state');
  });

  it('Linux without bwrap → none, telling how to enable the wall', async () => {
    const box = await selectSandbox(deps({ which: () => null }));
    expect(box.kind).toBe('none');
    expect(box.reason).toMatch(/bwrap not found/);
    expect(box.reason).toMatch(/apt install bubblewrap/);
    expect(await box.wrap('/c', ARGV, '/tmp/t')).toEqual({ file: '/c', args: ARGV });
  });

  it('Linux with a bwrap that cannot run → none with bwrap’s own message; the probe runs once', async () => {
    const probe = vi.fn(async (): Promise<ProbeResult> => ({
      ok: false,
      detail: 'bwrap: No permissions to create new namespace',
    }));
    const probeCache = new Map<string, Promise<ProbeResult>>();
    const first = await selectSandbox(deps({ probe, probeCache }));
    const second = await selectSandbox(deps({ probe, probeCache }));
    expect(first.kind).toBe('none');
    expect(first.reason).toContain('No permissions to create new namespace');
    expect(second.kind).toBe('none');
    expect(probe).toHaveBeenCalledTimes(1);
    // The probe is the real wall around `true`, not some other command line.
    const probeArgs = probe.mock.calls[0] as unknown as [string, string[]];
    expect(probeArgs[1].slice(-2)).toEqual(['--', 'true']);
    expect(probeArgs[1]).toContain(STATE);
  });

  it('Windows → none, not available', async () => {
    const box = await selectSandbox(deps({ platform: 'win32' }));
    expect(box).toMatchObject({ kind: 'none', reason: expect.stringContaining('not available on Windows') });
  });

  it.each(['darwin', 'linux', 'win32'] as const)('CLAUDE_DESK_SANDBOX=0 → none on %s', async (platform) => {
    const probe = vi.fn(async (): Promise<ProbeResult> => ({ ok: true }));
    const box = await selectSandbox(deps({ platform, env: { CLAUDE_DESK_SANDBOX: '0' }, probe }));
    expect(box).toMatchObject({ kind: 'none', reason: 'disabled by CLAUDE_DESK_SANDBOX=0' });
    expect(probe).not.toHaveBeenCalled();
  });

  it('CLAUDE_DESK_SANDBOX=1 keeps the wall', async () => {
    expect((await selectSandbox(deps({ env: { CLAUDE_DESK_SANDBOX: '1' } }))).kind).toBe('bubblewrap');
  });

  it('creates the private dirs before the probe so bwrap does not make the mount points itself', async () => {
    const made: string[] = [];
    await selectSandbox(deps({ ensureDir: async (d) => void made.push(d) }));
    expect(made).toEqual([STATE]);
  });

  it('refuses a scratch dir inside the wall (the CLI could not read its MCP config there)', async () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const box = await selectSandbox(deps({ platform }));
      await expect(box.wrap('/c', [], `${STATE}/turns/1`)).rejects.toThrow(/inside the walled/);
    }
  });
});
