import { describe, expect, it } from 'vitest';
import { buildSpawnPlan, type SpawnRequest } from './spawn-plan';

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
});
