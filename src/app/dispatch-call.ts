import {
  isCallName,
  parseCallInput,
  type CallInput,
  type CallName,
  type CallOutput,
  type DeskHandlers,
} from '../shared/contract';

/**
 * One untrusted call from a window or a tab, to its handler: the name must be a contract call and the
 * input must pass its zod schema (a readable error otherwise). Electron IPC and browser mode both use it.
 */
export async function dispatchCall(handlers: DeskHandlers, name: unknown, input: unknown): Promise<unknown> {
  if (!isCallName(name)) throw new Error(`Unknown call: ${String(name)}`);
  // parseCallInput(name) returns exactly this handler's input type; a union of handlers cannot be called directly.
  const handler = handlers[name] as (input: unknown) => Promise<unknown>;
  return handler(parseCallInput(name, input));
}

/**
 * The command line's way in: the same validation as a window's call, typed for the caller. It may hold only some
 * of the handlers (`claude-desk status` builds the status calls alone).
 */
export async function callHandler<K extends CallName>(
  handlers: Pick<DeskHandlers, K>,
  name: K,
  input: CallInput<K>,
): Promise<CallOutput<K>> {
  // As in dispatchCall: parseCallInput(name) returns exactly this handler's input type.
  const handler = handlers[name] as (input: unknown) => Promise<CallOutput<K>>;
  return handler(parseCallInput(name, input));
}
