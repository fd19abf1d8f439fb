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

  /** How many listen now (each window or tab, each front door): one gone leaves none behind. */
  get listenerCount(): number {
    return this.listeners.size;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One event's payloads, typed: `emit` only accepts an event's own payload, so no listener narrows by hand. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    return this.subscribe((name: EventName, payload: unknown) => {
      if (name === event) listener(payload as Events[E]);
    });
  }
}
