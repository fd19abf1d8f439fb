import { CALL_NAMES, type CallName } from './call-names';
import type { DeskApi, EventName, Events } from './contract';

/**
 * How a client reaches its host: Electron IPC (the preload), the browser-mode WebSocket, or a test's fake.
 * A transport moves a call's name and input one way and pushed events the other; it knows nothing of verbs.
 */
export interface ApiTransport {
  call(name: CallName, input: unknown): Promise<unknown>;
  listen(event: EventName, listener: (payload: unknown) => void): () => void;
}

/**
 * The renderer's DeskApi over any transport: one verb per contract call, `on(event, cb) → unsubscribe`.
 * Built once here so the preload, the WebSocket client and the test fake cannot drift from the contract.
 */
export function createApiProxy(transport: ApiTransport): DeskApi {
  const api: Record<string, unknown> = {
    on: <E extends EventName>(event: E, listener: (payload: Events[E]) => void): (() => void) =>
      // The host produces these payloads from the same contract types (they are not renderer input).
      transport.listen(event, (payload) => listener(payload as Events[E])),
  };
  for (const name of CALL_NAMES) api[name] = (input?: unknown) => transport.call(name, input);
  // Every verb of CALL_NAMES and `on` are set above; TypeScript cannot follow a loop over a mapped type's keys.
  return api as DeskApi;
}
