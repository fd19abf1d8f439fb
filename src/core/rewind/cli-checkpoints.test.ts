import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CliCheckpoints } from './cli-checkpoints';
import { FileBackups } from './file-backups';
import type { SpawnedProcess, Spawner } from '../claude-code-wire/spawned-process';

/** A CLI that answers each control request with `reply` (or exits at the first one when it returns 'exit'). */
function fakeCli(reply: (request: Record<string, unknown>) => Record<string, unknown> | 'exit') {
  const seen: { args: string[]; env: NodeJS.ProcessEnv; requests: Record<string, unknown>[] } = {
    args: [],
    env: {},
    requests: [],
  };
  const spawner: Spawner = (_file, args, { env }) => {
    seen.args = args;
    seen.env = env;
    const proc = Object.assign(new EventEmitter(), {
      stdin: new PassThrough(),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      exitCode: null as number | null,
      kill: () => true,
    });
    const exit = (code: number) => {
      proc.exitCode = code;
      setImmediate(() => proc.emit('exit', code, null));
    };
    proc.stdin.setEncoding('utf8').on('data', (line: string) => {
      const msg = JSON.parse(line) as { request_id: string; request: Record<string, unknown> };
      seen.requests.push(msg.request);
      const r = reply(msg.request);
      if (r === 'exit') {
        proc.stderr.write('Error: No conversation found with session ID\n');
        return exit(1);
      }
      proc.stdout.write(
        `${JSON.stringify({ type: 'control_response', response: { request_id: msg.request_id, ...r } })}\n`,
      );
    });
    proc.stdin.on('finish', () => exit(0));
    return proc as unknown as SpawnedProcess;
  };
  return { spawner, seen };
}

const target = { projectDir: '/p', sessionId: 'S', userMessageUuid: 'U' };
const launch = async () => ({ file: 'claude', env: { HOME: '/h' } });

describe('CliCheckpoints (the control-only process of case 41b)', () => {
  it('resumes the session with checkpointing on and sends the dry run, then the real rewind after the backup hook', async () => {
    const order: string[] = [];
    const { spawner, seen } = fakeCli((r) => {
      order.push(r['dry_run'] ? 'dry' : 'real');
      return { subtype: 'success', response: { canRewind: true, filesChanged: ['/p/a.txt'], insertions: 1 } };
    });
    const cp = new CliCheckpoints({ launch, spawner });
    const out = await cp.rewind(target, async (files) => void order.push(`backup ${files.join()}`));
    expect(out).toMatchObject({ canRewind: true, files: ['/p/a.txt'] });
    expect(order).toEqual(['dry', 'backup /p/a.txt', 'real']);
    expect(seen.args.slice(-2)).toEqual(['--resume', 'S']);
    expect(seen.env['CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING']).toBe('true');
    expect(seen.requests[0]).toEqual({ subtype: 'rewind_files', user_message_id: 'U', dry_run: true });
  });

  it('a refusal or a CLI that quits says why, and nothing is restored', async () => {
    const refused = fakeCli(() => ({ subtype: 'error', error: 'No file checkpoint found for this message' }));
    const real: string[] = [];
    const out = await new CliCheckpoints({ launch, spawner: refused.spawner }).rewind(target, async () => {
      real.push('backup');
    });
    expect(out).toEqual({ canRewind: false, files: [], error: 'No file checkpoint found for this message' });
    expect(real).toEqual([]);
    const quits = fakeCli(() => 'exit');
    const dry = await new CliCheckpoints({ launch, spawner: quits.spawner }).dryRun(target);
    expect(dry.canRewind).toBe(false);
    expect(dry.error).toMatch(/exit 1.*No conversation found/);
  });
});

describe('FileBackups', () => {
  it('puts files back as they were, removing one that did not exist', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'));
    try {
      const a = path.join(root, 'a.txt');
      const b = path.join(root, 'sub', 'b.txt');
      fs.mkdirSync(path.dirname(b));
      fs.writeFileSync(b, 'b before\n');
      const backups = new FileBackups(path.join(root, 'store'));
      await backups.save('t1', 'rw1', [a, b]);
      fs.writeFileSync(a, 'a appeared\n');
      fs.writeFileSync(b, 'b changed\n');
      expect(await backups.restore('t1', 'rw1')).toEqual([a, b]);
      expect(fs.existsSync(a)).toBe(false);
      expect(fs.readFileSync(b, 'utf8')).toBe('b before\n');
      expect(fs.statSync(path.join(root, 'store', 't1', 'rw1', 'manifest.json')).mode & 0o777).toBe(0o600);
      await backups.forget('t1');
      expect(await backups.files('t1', 'rw1')).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
