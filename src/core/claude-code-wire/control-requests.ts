import { type ControlResult, controlRequest, parseControlResponse } from './control-protocol';
import type { Json } from './cli-json';

/** The timers a control client waits with; a test drives them by hand (test/fixtures/manual-clock). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Unref'd: a request still waiting must not keep the app (or the command line) alive on its own.
export const unrefTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface SendOptions {
  /** The CLI's answer must come by then; default the table's own. */
  timeoutMs?: number;
  /** What a request the CLI never answered resolves with as its error. */
  timeoutError?: string;
}

/**
 * The app's own control requests to one CLI process, matched to their `control_response` by request_id. A CLI that
 * never answers (hung, or a version that ignores the subtype) must not hang the caller: each request has a
 * timeout, after which it resolves `{ ok: false }` and a late answer settles nothing.
 */
export class ControlRequests {
  private readonly outstanding = new Map<string, (result: ControlResult) => void>();

  constructor(
    private readonly timers: Timers = unrefTimers,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Write the request through `write` and wait for its response, the timeout, or failAll. */
  send(
    requestId: string,
    body: { subtype: string } & Json,
    write: (message: Json) => void,
    options: SendOptions = {},
  ): Promise<ControlResult> {
    return new Promise((resolve) => {
      const timer = this.timers.setTimeout(() => {
        if (!this.outstanding.delete(requestId)) return;
        resolve({ requestId, ok: false, error: options.timeoutError ?? 'Claude Code did not answer' });
      }, options.timeoutMs ?? this.timeoutMs);
      this.outstanding.set(requestId, (result) => {
        this.timers.clearTimeout(timer);
        resolve(result);
      });
      write(controlRequest(requestId, body));
    });
  }

  /** A line from the CLI: settles the request it answers. False for anything else — a response to nobody is ignored, as the CLI itself does (case 24c). */
  settle(raw: Json): boolean {
    const result = parseControlResponse(raw);
    const settle = result && this.outstanding.get(result.requestId);
    if (!result || !settle) return false;
    this.outstanding.delete(result.requestId);
    settle(result);
    return true;
  }

  /** The process is gone: every open request fails with this error. */
  failAll(error: string): void {
    const open = [...this.outstanding];
    this.outstanding.clear();
    for (const [requestId, settle] of open) settle({ requestId, ok: false, error });
  }
}
