import type { ChildHandle, RunToEnd, StartProcess } from '../process-runner';
import type { TailscaleState } from '../../shared/phone';

/**
 * The Tailscale route: the machine's own HTTPS name on the tailnet, served by `tailscale serve` in the foreground —
 * Claude Desk's child, so the entry goes when it ends (never `--bg`, never Funnel) — to a loopback listener that
 * still requires a device's credential (Tailscale's identity headers are never trusted: any local process can send
 * them). Funnel covering the port is refused; an entry left on the port by an earlier run is removed first.
 */

const STATUS_TIMEOUT_MS = 10_000;

export interface TailscaleDeps {
  run: RunToEnd;
  start: StartProcess;
  /** The tailscale binary (default `tailscale` on PATH). */
  binary?: string;
  env?: NodeJS.ProcessEnv;
}

interface StatusJson {
  BackendState?: string;
  Self?: { DNSName?: string };
}

export async function tailscaleState(deps: TailscaleDeps): Promise<TailscaleState> {
  const out = await deps.run(deps.binary ?? 'tailscale', ['status', '--json'], {
    timeoutMs: STATUS_TIMEOUT_MS,
    env: deps.env,
    maxOutputBytes: 8 * 1024 * 1024,
  });
  if (out.spawnError === 'ENOENT')
    return { state: 'missing', sentence: 'Tailscale is not installed here: install it, or use this network (LAN).' };
  let status: StatusJson | undefined;
  try {
    status = JSON.parse(out.stdout.toString('utf8')) as StatusJson;
  } catch {
    status = undefined;
  }
  const name = status?.Self?.DNSName?.replace(/\.$/, '');
  if (!status || status.BackendState !== 'Running' || !name) {
    return {
      state: 'logged-out',
      sentence:
        status?.BackendState === 'NeedsLogin'
          ? 'Tailscale is logged out: run `tailscale up`, then try again.'
          : 'Tailscale is not running: start it (`tailscale up`), then try again.',
    };
  }
  return { state: 'ready', name };
}

interface ServeStatus {
  Web?: Record<string, unknown>;
  TCP?: Record<string, unknown>;
  AllowFunnel?: Record<string, boolean>;
}

async function serveStatus(deps: TailscaleDeps): Promise<ServeStatus> {
  const out = await deps.run(deps.binary ?? 'tailscale', ['serve', 'status', '--json'], {
    timeoutMs: STATUS_TIMEOUT_MS,
    env: deps.env,
    maxOutputBytes: 1024 * 1024,
  });
  try {
    const parsed = JSON.parse(out.stdout.toString('utf8') || '{}') as ServeStatus | null;
    return parsed ?? {};
  } catch {
    return {};
  }
}

export interface TailscaleServe {
  /** https://<name>:<port> */
  origin: string;
  /** Ends the foreground serve (its entry goes with it) and removes the entry should it linger. */
  stop(): Promise<void>;
  /** Called once if serve ends by itself (Tailscale stopped, logged out). */
  onEnd(listener: (message: string) => void): void;
}

export class TailscaleRefusal extends Error {}

/** Serve https://<name>:<port> → http://127.0.0.1:<loopbackPort> in the foreground, as Claude Desk's own child. */
export async function startTailscaleServe(
  deps: TailscaleDeps,
  opts: { name: string; port: number; loopbackPort: number; readyTimeoutMs?: number },
): Promise<TailscaleServe> {
  const bin = deps.binary ?? 'tailscale';
  const hostPort = `${opts.name}:${opts.port}`;
  const before = await serveStatus(deps);
  if (before.AllowFunnel?.[hostPort]) {
    throw new TailscaleRefusal(
      `Tailscale Funnel publishes port ${opts.port} to the internet: turn it off (\`tailscale funnel --https=${opts.port} off\`) or choose another port.`,
    );
  }
  if (before.Web?.[hostPort] !== undefined || before.TCP?.[String(opts.port)] !== undefined) {
    await removeEntry(deps, opts.port); // left by an earlier run
  }
  const child: ChildHandle = deps.start(
    bin,
    ['serve', `--https=${opts.port}`, `http://127.0.0.1:${opts.loopbackPort}`],
    { env: deps.env, stdio: ['ignore', 'pipe', 'pipe'], ownGroup: true },
  );
  const endListeners: Array<(message: string) => void> = [];
  let stopping = false;
  let exited = false;
  let output = '';
  const exit = new Promise<void>((resolve) => {
    child.on('error', () => {
      exited = true;
      resolve();
    });
    child.on('exit', () => {
      exited = true;
      resolve();
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    const look = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-4000);
      if (/https:\/\//.test(output) || /Available within your tailnet/i.test(output)) resolve();
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    void exit.then(() => reject(new Error(lastLine(output) || 'tailscale serve ended at once.')));
    setTimeout(
      () => reject(new Error('tailscale serve did not start within 15 seconds.')),
      opts.readyTimeoutMs ?? 15_000,
    ).unref();
  });
  void exit.then(() => {
    if (!stopping) for (const l of endListeners) l(`Tailscale stopped serving: ${lastLine(output) || 'it ended'}.`);
  });
  try {
    await ready;
  } catch (err) {
    stopping = true;
    if (!exited) child.kill('SIGTERM');
    await exit;
    await removeEntry(deps, opts.port);
    throw new TailscaleRefusal(`Tailscale could not serve phone access: ${(err as Error).message}`);
  }
  return {
    origin: `https://${hostPort}`,
    onEnd: (l) => void endListeners.push(l),
    async stop() {
      stopping = true;
      if (!exited) child.kill('SIGTERM');
      await exit;
      const after = await serveStatus(deps);
      if (after.Web?.[hostPort] !== undefined) await removeEntry(deps, opts.port);
    },
  };
}

async function removeEntry(deps: TailscaleDeps, port: number): Promise<void> {
  await deps.run(deps.binary ?? 'tailscale', ['serve', `--https=${port}`, 'off'], {
    timeoutMs: STATUS_TIMEOUT_MS,
    env: deps.env,
  });
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .pop() ?? ''
  );
}
