import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSpawnPlan, describeSpawn, type SpawnRequest } from './spawn-plan';

const session = { sessionId: '7f1c2a4e-1111-4222-8333-444455556666', resume: false, projectDir: '/p' };
const base: SpawnRequest = { mcp: null, settings: {}, permissionMode: 'acceptEdits', cli: { path: '/bin/claude' } };

describe('spawn plan', () => {
  it('spawns the CLI itself with the turn flags', async () => {
    const plan = await buildSpawnPlan(base, session, { env: { PATH: '/bin' } });
    await plan.scratch.cleanup();
    expect(plan.file).toBe('/bin/claude');
    expect(plan.args.slice(0, 2)).toEqual(['-p', '--input-format']);
  });

  it('puts a Windows shim script before the CLI flags (node.exe cli.js -p …), also under a wall', async () => {
    const shim: SpawnRequest = { ...base, cli: { path: 'C:\\node\\node.exe', prefixArgs: ['C:\\npm\\cli.js'] } };
    const plan = await buildSpawnPlan(shim, session, { env: { PATH: '' } });
    await plan.scratch.cleanup();
    expect(plan.file).toBe('C:\\node\\node.exe');
    expect(plan.args.slice(0, 2)).toEqual(['C:\\npm\\cli.js', '-p']);

    const walled = await buildSpawnPlan(
      { ...shim, wrap: async (file, args) => ({ file: 'bwrap', args: ['--', file, ...args] }) },
      session,
      { env: { PATH: '' } },
    );
    await walled.scratch.cleanup();
    expect(walled.args.slice(0, 4)).toEqual(['--', 'C:\\node\\node.exe', 'C:\\npm\\cli.js', '-p']);
  });

  it("hands Claude Desk's MCP server over in initialize to a CLI that takes it: no file, no token in argv (case 59)", async () => {
    const mcp = { url: 'http://127.0.0.1:4242/mcp', token: 'f00d'.repeat(16) };
    const plan = await buildSpawnPlan({ ...base, mcp, cli: { path: '/bin/claude', version: '2.1.337' } }, session, {
      env: { PATH: '/bin' },
    });
    const onDisk = await fs.readdir(plan.scratch.dir);
    await plan.scratch.cleanup();
    expect(onDisk).toEqual([]);
    expect(plan.files).toEqual({});
    expect(plan.args).toContain('--await-initialize');
    expect(plan.args).not.toContain('--mcp-config');
    expect(JSON.stringify([plan.file, plan.args, plan.env])).not.toContain(mcp.token);
    expect(plan.mcpServers).toEqual({
      desk: { type: 'http', url: mcp.url, headers: { Authorization: `Bearer ${mcp.token}` } },
    });
    // Another token is another process: a warm or kept one started with the old one never answers.
    const other = await describeSpawn(
      { ...base, mcp: { ...mcp, token: 'beef'.repeat(16) }, cli: { path: '/bin/claude', version: '2.1.337' } },
      session,
      { env: { PATH: '/bin' } },
    );
    expect(other.fingerprint).not.toBe(plan.fingerprint);
    expect(other.keptFingerprint).not.toBe(plan.keptFingerprint);
  });

  it('writes the 0600 --mcp-config file as before for a CLI older than 2.1.326, or of no known version', async () => {
    const mcp = { url: 'http://127.0.0.1:4242/mcp', token: 'f00d'.repeat(16) };
    for (const version of ['2.1.325', undefined]) {
      const plan = await buildSpawnPlan({ ...base, mcp, cli: { path: '/bin/claude', version } }, session, {
        env: { PATH: '/bin' },
      });
      const file = path.join(plan.scratch.dir, 'mcp-config.json');
      const mode = (await fs.stat(file)).mode & 0o777;
      await plan.scratch.cleanup();
      expect(mode).toBe(0o600);
      expect(plan.args[plan.args.indexOf('--mcp-config') + 1]).toBe(file);
      expect(plan.args).not.toContain('--await-initialize');
      expect(plan.mcpServers).toBeUndefined();
    }
  });

  it('plans the same turn once: a change to anything it was planned from (env in place, wall, model, session) plans anew', async () => {
    const env: NodeJS.ProcessEnv = { PATH: '/bin', HOME: '/home/u' };
    const wall: SpawnRequest['wrap'] = async (file, args) => ({ file: 'bwrap', args: ['--', file, ...args] });
    const req: SpawnRequest = { ...base, wrap: wall, settings: { model: 'sonnet' } };
    const first = await describeSpawn(req, session, { env });
    // The next turn of a kept process: a request object of its own with the same values.
    const again = await describeSpawn({ ...req, settings: { model: 'sonnet' } }, { ...session }, { env });
    expect(again).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.args) && Object.isFrozen(first.env)).toBe(true);

    env.HOME = '/home/other'; // the process's own env, changed in place
    const movedHome = await describeSpawn(req, session, { env });
    expect(movedHome).not.toBe(first);
    expect(movedHome.env.HOME).toBe('/home/other');
    expect(movedHome.keptFingerprint).not.toBe(first.keptFingerprint);
    env.EXTRA = '1'; // a variable added
    expect((await describeSpawn(req, session, { env })).env.EXTRA).toBe('1');

    const otherWall: SpawnRequest['wrap'] = async (file, args) => ({ file: 'sandbox-exec', args: [file, ...args] });
    expect((await describeSpawn({ ...req, wrap: otherWall }, session, { env })).file).toBe('sandbox-exec');
    const opus = await describeSpawn({ ...req, settings: { model: 'opus' } }, session, { env });
    expect(opus.args).toContain('opus');
    const resumed = await describeSpawn(req, { ...session, resume: true }, { env });
    expect(resumed.args).toContain('--resume');
    // And the first plan is still known for its own inputs.
    const back = await describeSpawn(req, session, { env });
    expect(back.env.EXTRA).toBe('1');
    expect(await describeSpawn(req, session, { env })).toBe(back);
  });
});
