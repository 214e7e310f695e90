/**
 * A channel to the other tabs of the same origin: BroadcastChannel in the browser (adapter in
 * @blockyard/platform), MemoryBroadcastHub in tests. Like BroadcastChannel, a port never hears
 * its own messages, and delivery is asynchronous.
 */
export interface BroadcastPort<T> {
  post(message: T): void;
  /** Messages arrive as received: anything may come from another app version, so check them. */
  subscribe(listener: (message: unknown) => void): () => void;
  close(): void;
}

/** In-memory stand-in for one BroadcastChannel name: every port connected to it is a "tab". */
export class MemoryBroadcastHub<T> {
  private readonly ports = new Set<Set<(message: unknown) => void>>();

  connect(): BroadcastPort<T> {
    const listeners = new Set<(message: unknown) => void>();
    this.ports.add(listeners);
    return {
      post: (message) => {
        // Delivered on a later microtask, as structured clones, to every other port.
        const copy: unknown = JSON.parse(JSON.stringify(message));
        for (const other of this.ports) {
          if (other === listeners) continue;
          void Promise.resolve().then(() => {
            for (const listener of other) listener(copy);
          });
        }
      },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => {
        this.ports.delete(listeners);
        listeners.clear();
      },
    };
  }
}
