import { randomUUID } from 'node:crypto';
import { type Json, isObject } from './cli-json';
import type { ControlResult } from './control-protocol';
import { ControlRequests, type SendOptions, type Timers, unrefTimers } from './control-requests';
import { JsonlReader } from './jsonl-reader';
import { OrderedClose } from './ordered-close';
import type { GroupKiller, SpawnedProcess, Spawner } from './spawned-process';

export interface ControlClientOptions {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  spawner: Spawner;
  /** null (the default): signals reach only the child; a GroupKiller: its whole group first. */
  killGroup?: GroupKiller | null;
  timers?: Timers;
  newId?: () => string;
  /** Each request's bound unless it names its own. */
  requestTimeoutMs?: number;
  /** Every line that is not the answer to one of our requests. */
  onValue?: (value: Json) => void;
  /** What an open request fails with once the process has ended (or could not start). */
  describeEnd?: (exit: ClientExit) => string;
}

export interface ClientExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The spawn failed (ENOENT: no binary at that path). */
  startError?: Error;
  /** The last 2,000 characters of stderr. */
  stderrTail: string;
}

export interface CloseOptions {
  /** How long the CLI has after its stdin closes to end by itself. */
  graceMs: number;
  /** Sent in order while it still runs, `stepMs` apart; default SIGTERM then SIGKILL. */
  signals?: readonly NodeJS.Signals[];
  stepMs?: number;
}

const STDERR_TAIL_CHARS = 2000;

const defaultDescribeEnd = (exit: ClientExit): string =>
  exit.startError
    ? `Claude Code could not be started: ${exit.startError.message}`
    : 'Claude Code ended before it answered.';

/**
 * A CLI started in stream-json mode only to be asked things over the control protocol (the command catalog, case
 * 30; file checkpoints, case 41b): spawn it, send a control request by id and await its response within a timeout,
 * and close it in order — stdin first, a signal only after a grace period.
 */
export class ControlClient {
  readonly exited: Promise<ClientExit>;
  private readonly child: SpawnedProcess | undefined;
  private readonly requests: ControlRequests;
  private readonly closer: OrderedClose;
  private readonly timers: Timers;
  private exit: ClientExit | undefined;
  private stderr = '';
  private closing: OrderedClose | undefined;

  constructor(private readonly options: ControlClientOptions) {
    this.timers = options.timers ?? unrefTimers;
    this.requests = new ControlRequests(this.timers, options.requestTimeoutMs);
    let resolveExit!: (exit: ClientExit) => void;
    this.exited = new Promise((resolve) => (resolveExit = resolve));
    const end = (code: number | null, signal: NodeJS.Signals | null, startError?: Error): void => {
      if (this.exit) return;
      this.exit = { code, signal, ...(startError ? { startError } : {}), stderrTail: this.stderr };
      this.closer.cancel();
      this.closing?.cancel();
      this.requests.failAll((options.describeEnd ?? defaultDescribeEnd)(this.exit));
      resolveExit(this.exit);
    };
    let refused: Error | undefined;
    try {
      this.child = options.spawner(options.file, options.args, { cwd: options.cwd, env: options.env });
    } catch (err) {
      // An argument spawn refuses outright (a NUL byte): as unstartable as a missing binary.
      this.child = undefined;
      refused = err instanceof Error ? err : new Error(String(err));
    }
    this.closer = this.closeWith({ graceMs: 0 });
    const child = this.child;
    if (!child) {
      end(null, null, refused);
      return;
    }
    const reader = new JsonlReader({
      onValue: (value) => {
        if (!isObject(value) || this.requests.settle(value)) return;
        options.onValue?.(value);
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => reader.push(chunk));
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      this.stderr = (this.stderr + text).slice(-STDERR_TAIL_CHARS);
    });
    child.stdin?.on('error', () => undefined); // it may exit before reading: its exit says why
    child.on('error', (err) => end(null, null, err));
    child.on('exit', (code, signal) => end(code, signal));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Send a control_request and wait for its control_response, the timeout, or the end of the process. */
  request(
    body: { subtype: string } & Json,
    options: SendOptions & { requestId?: string; prefix?: string } = {},
  ): Promise<ControlResult> {
    const requestId = options.requestId ?? `${options.prefix ?? 'req'}-${(this.options.newId ?? randomUUID)()}`;
    if (this.exit) {
      const error = (this.options.describeEnd ?? defaultDescribeEnd)(this.exit);
      return Promise.resolve({ requestId, ok: false, error });
    }
    return this.requests.send(requestId, body, (message) => this.write(message), options);
  }

  /** Close stdin: the CLI ends when its input ends (cases 11e, 41b). */
  endInput(): void {
    this.closer.closeStdin();
  }

  /** Close stdin, give the CLI `graceMs` to end by itself, then signal it in order. */
  close(options: CloseOptions): Promise<ClientExit> {
    if (!this.exit) {
      this.closing ??= this.closeWith(options);
      this.closing.close(options.graceMs, true);
    }
    return this.exited;
  }

  /** Signal it now (a hung CLI past its deadline). */
  kill(signal: NodeJS.Signals): void {
    if (!this.exit) this.closer.signal(signal);
  }

  private closeWith(options: CloseOptions): OrderedClose {
    return new OrderedClose(() => this.child, {
      timers: this.timers,
      killGroup: this.options.killGroup ?? null,
      signals: options.signals,
      stepMs: options.stepMs ?? options.graceMs,
    });
  }

  private write(message: Json): void {
    const stdin = this.child?.stdin;
    if (stdin && !stdin.destroyed && !stdin.writableEnded) stdin.write(`${JSON.stringify(message)}\n`);
  }
}
