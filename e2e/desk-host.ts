import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializeRecords, type LogRecord } from '../src/core/store/thread-log';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DeskHost {
  url: string;
  origin: string;
  port: number;
  token: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Start `claude-desk web --port 0` as a user would, with its own data dir, and wait for the ready line.
 * `env` adds to (or, with undefined values, removes from) the inherited environment.
 */
export async function startDeskHost(
  opts: { env?: Record<string, string | undefined>; dataDir?: string } = {},
): Promise<DeskHost> {
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-')));
  const env: NodeJS.ProcessEnv = { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir };
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined)
      delete env[k]; // eslint-disable-line @typescript-eslint/no-dynamic-delete -- removing inherited variables is the point
    else env[k] = v;
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'bin/claude-desk.mjs'), 'web', '--port', '0'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`browser mode did not start:\n${stderr}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Claude Desk is ready at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}:\n${stderr}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token')!,
    dataDir,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Browser mode over a data dir that already holds these threads (their logs as Claude Desk writes them, by thread
 * id), for specs that look at screens and run no turn: the CLI is only probed. `stop` also removes its scratch HOME.
 */
export async function startDeskHostWithThreads(
  name: string,
  threads: Record<string, LogRecord[]>,
  env: Record<string, string | undefined> = {},
): Promise<DeskHost> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `claude-desk-e2e-${name}-`));
  const threadsDir = path.join(dataDir, 'state', 'threads');
  await fs.mkdir(threadsDir, { recursive: true });
  for (const [id, records] of Object.entries(threads))
    await fs.writeFile(path.join(threadsDir, `${id}.jsonl`), serializeRecords(records), { mode: 0o600 });
  const cli = realCliEnv({ url: 'http://127.0.0.1:9' });
  const host = await startDeskHost({ dataDir, env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), ...env } }).catch(
    (err: unknown) => {
      cli.cleanup();
      throw err;
    },
  );
  return {
    ...host,
    async stop() {
      await host.stop();
      cli.cleanup();
    },
  };
}
