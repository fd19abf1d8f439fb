import type { DeskMcpServer } from './desk-mcp-server';

export type McpEndpointState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'ready'; url: string; port: number }
  | { status: 'failed'; reason: string }
  | { status: 'closed' };

export type EnsureResult = { ok: true; server: DeskMcpServer } | { ok: false; reason: string };

export interface LazyMcpEndpoint {
  /**
   * Start the server on first use (one per app) and return it. Concurrent callers share one start.
   * A failed start is reported (turns then run without tools and show a notice) and retried on the next call.
   */
  ensure(): Promise<EnsureResult>;
  /** For status displays; never includes the token. */
  state(): McpEndpointState;
  close(): Promise<void>;
}

export function createLazyMcpEndpoint(start: () => Promise<DeskMcpServer>): LazyMcpEndpoint {
  let current: McpEndpointState = { status: 'idle' };
  let pending: Promise<EnsureResult> | undefined;
  let server: DeskMcpServer | undefined;
  let closed = false;

  async function startOnce(): Promise<EnsureResult> {
    current = { status: 'starting' };
    try {
      const started = await start();
      if (closed) {
        // close() ran while we were starting: do not leave a listener behind.
        await started.close();
        return { ok: false, reason: 'closed' };
      }
      server = started;
      current = { status: 'ready', url: started.url, port: started.port };
      return { ok: true, server: started };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      current = closed ? { status: 'closed' } : { status: 'failed', reason };
      pending = undefined; // the next turn tries again
      return { ok: false, reason };
    }
  }

  return {
    ensure() {
      if (closed) return Promise.resolve({ ok: false, reason: 'closed' });
      if (server) return Promise.resolve({ ok: true, server });
      pending ??= startOnce();
      return pending;
    },
    state: () => current,
    async close() {
      closed = true;
      const inFlight = pending;
      pending = undefined;
      if (inFlight) await inFlight;
      const s = server;
      server = undefined;
      current = { status: 'closed' };
      if (s) await s.close();
    },
  };
}
