import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProcess } from './run-command';

const posix = process.platform !== 'win32';
const opts = { timeoutMs: 30_000 };

describe.runIf(posix)('runProcess (POSIX)', () => {
  it("gives the exit code and the output without its final newline, as the probes' parsers expect", async () => {
    const r = await runProcess('/bin/sh', ['-c', 'echo "2.1.0 (Claude Code)"; echo oops >&2; exit 3'], opts);
    expect(r).toEqual({ exitCode: 3, stdout: '2.1.0 (Claude Code)', stderr: 'oops', timedOut: false });
  });

  it('names why a program could not start', async () => {
    const r = await runProcess('/no/such/claude', ['--version'], opts);
    expect(r).toMatchObject({ exitCode: undefined, spawnError: 'ENOENT' });
  });

  it('passes exactly the environment it is given', async () => {
    const r = await runProcess('/bin/sh', ['-c', 'echo "$ONLY_THIS-$HOME"'], { ...opts, env: { ONLY_THIS: 'yes' } });
    expect(r.stdout).toBe('yes-');
  });

  it('on timeout ends the whole group, even a grandchild still holding the output pipe', async () => {
    const r = await runProcess('/bin/sh', ['-c', 'sleep 600 & echo started; wait'], { timeoutMs: 300 });
    expect(r).toMatchObject({ timedOut: true, stdout: 'started', signal: 'SIGKILL' });
  });

  it('ends a child whose output passes a megabyte instead of buffering it all', async () => {
    const r = await runProcess('/bin/sh', ['-c', 'yes claude'], opts);
    expect(r).toMatchObject({ timedOut: false, signal: 'SIGKILL' });
  });

  it('ends a helper still running when this process exits', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-run-'));
    const pidFile = path.join(dir, 'helper.pid');
    const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'run-command.ts');
    // A process that starts a 10-minute helper, waits until it runs, and exits.
    const script = `
      import fs from 'node:fs';
      import { runProcess } from ${JSON.stringify(runner)};
      void runProcess('/bin/sh', ['-c', 'echo $$ > ${pidFile}.tmp && mv ${pidFile}.tmp ${pidFile} && exec sleep 600'], { timeoutMs: 600000 });
      const wait = setInterval(() => fs.existsSync(${JSON.stringify(pidFile)}) && (clearInterval(wait), process.exit(0)), 20);
    `;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    // Gone, or a zombie waiting for an init that does not reap (some containers): either way not running.
    const alive = () =>
      /^[^Z]/.test(spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim());
    await expect.poll(alive).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
