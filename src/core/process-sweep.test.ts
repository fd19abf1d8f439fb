import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { PROCESS_TAG_ENV, createProcessSweeper, listTagged } from './process-sweep';
import { waitGone } from '../../test/fixtures/turn-harness';

/** A leader with one child in its own group (as an MCP server is) and one in a group of its own (as a Bash is). */
const LEADER = `
const { spawn } = require('node:child_process');
const wait = ['-e', 'setTimeout(() => {}, 120000)'];
const inGroup = spawn(process.execPath, wait, { stdio: 'ignore' });
const apart = spawn(process.execPath, wait, { stdio: 'ignore', detached: true });
console.log(JSON.stringify({ inGroup: inGroup.pid, apart: apart.pid }));
setTimeout(() => {}, 120000);
`;

const leaders: number[] = [];
afterEach(() => {
  for (const pid of leaders.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(process.platform === 'linux')('sweepOutsideGroup (a kept CLI between turns)', () => {
  it("ends what carries the tag in a group of its own, and leaves the leader and its own group's processes", async () => {
    const sweeper = createProcessSweeper();
    const tag = sweeper.newTag();
    const leader = spawn(process.execPath, ['-e', LEADER], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, [PROCESS_TAG_ENV]: tag },
    });
    leaders.push(leader.pid!);
    const line = await new Promise<string>((resolve) => leader.stdout.once('data', (d: Buffer) => resolve(String(d))));
    const { inGroup, apart } = JSON.parse(line) as { inGroup: number; apart: number };
    // Each carries the tag and its group as listed.
    expect(listTagged().filter((p) => p.tag === tag)).toEqual(
      expect.arrayContaining([
        { pid: leader.pid, tag, pgid: leader.pid },
        { pid: inGroup, tag, pgid: leader.pid },
        { pid: apart, tag, pgid: apart },
      ]),
    );

    expect(await sweeper.sweepOutsideGroup(tag, leader.pid!)).toBe(true);
    expect(await waitGone(apart)).toBe(true);
    expect([alive(leader.pid!), alive(inGroup)]).toEqual([true, true]);
    // Nothing left to end: true again.
    expect(await sweeper.sweepOutsideGroup(tag, leader.pid!)).toBe(true);
  });
});
