import type { EventName, Events } from '../shared/contract';

type Listener = <E extends EventName>(event: E, payload: Events[E]) => void;

/**
 * Fan-out of pushed events to every attached front door (Electron windows, browser tabs, the CLI).
 * A throwing listener is isolated so one broken tab never starves the others.
 */
export class EventBus {
  private readonly listeners = new Set<Listener>();

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch {
        // A front door that fails to deliver is its own problem; keep delivering to the rest.
      }
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
