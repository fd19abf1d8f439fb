import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EffectiveSettingsView } from '../../shared/claude-code-setup';
import { type SetupRoots, setupRoots } from '../../core/claude-code-setup/setup-paths';
import { EffectiveSettingsCache } from './effective-settings-cache';

let root: string;
let roots: SetupRoots;
let starts: string[];
let fail: string | null;

const view = (cwd: string): EffectiveSettingsView => ({
  cwd,
  ms: 300,
  rules: { allow: [], ask: [], deny: [] },
  sources: [],
  errors: [],
});

function cache(): EffectiveSettingsCache {
  return new EffectiveSettingsCache({
    launcher: { withEnv: async () => ({ file: '/bin/claude', prefixArgs: ['cli.js'], env: { HOME: root } }) },
    spawner: () => {
      throw new Error('the probe is faked');
    },
    probe: async (input) => {
      starts.push(input.args.join(' '));
      if (fail) throw new Error(fail);
      return view(input.cwd);
    },
  });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'effective-'));
  roots = setupRoots({}, path.join(root, 'home'), path.join(root, 'proj'));
  fs.mkdirSync(path.join(root, 'proj/.claude'), { recursive: true });
  starts = [];
  fail = null;
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('asking Claude Code what is in force, at most once per look', () => {
  it('one CLI start for any number of looks while the files stay as they are; a changed file asks again', async () => {
    const c = cache();
    const dir = path.join(root, 'proj');
    await Promise.all([c.get(roots, dir), c.get(roots, dir)]);
    await c.get(roots, dir);
    expect(starts).toHaveLength(1);
    expect(starts[0]).toBe(
      'cli.js -p --input-format stream-json --output-format stream-json --verbose --include-partial-messages --strict-mcp-config',
    );
    // An editor saved the local file: its size and time stamp moved.
    fs.writeFileSync(path.join(dir, '.claude/settings.local.json'), '{"permissions":{"deny":["Read"]}}\n');
    await c.get(roots, dir);
    expect(starts).toHaveLength(2);
    c.invalidate(); // an edit from the page
    await c.get(roots, dir);
    expect(starts).toHaveLength(3);
  });

  it('a failure is said, and not kept: the next look asks again', async () => {
    const c = cache();
    fail = 'Claude Code could not be started: spawn ENOENT';
    await expect(c.get(roots, root)).rejects.toThrow('spawn ENOENT');
    fail = null;
    await expect(c.get(roots, root)).resolves.toMatchObject({ cwd: root });
    expect(starts).toHaveLength(2);
  });
});
