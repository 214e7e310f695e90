// What a fiber yields to the scheduler. Host functions that wait are generator functions that
// yield these values; compiled learner code reaches them through `yield*`.

/** Something a fiber can wait for: an event, a message, a sound finishing. */
export interface Waitable {
  /** Starts waiting. Call `wake(value)` once to resume the fiber; the returned function cancels. */
  subscribe(wake: (value?: unknown) => void): () => void;
}

/** Yielded by the budget check: "my slice is used up"; the scheduler decides how long to rest. */
export const PREEMPT: unique symbol = Symbol('blockyard.preempt');

/** A number is a sleep in milliseconds (0 = just let others run). */
export type Wait = number | Waitable | typeof PREEMPT;

/** The type of every waiting host function and of the generators the compiler emits. */
export type Waiting<T = void> = Generator<Wait, T, unknown>;

export function isWaitable(value: unknown): value is Waitable {
  return typeof value === 'object' && value !== null && typeof (value as Waitable).subscribe === 'function';
}

/** True for the objects generator functions return (compiled code that can wait). */
export function isGenerator(value: unknown): value is Generator<Wait, unknown, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Generator'
  );
}

/**
 * A condition fibers can wait on, e.g. "a radio packet arrived". `notifyAll` wakes every fiber
 * waiting at that moment, passing them the value.
 */
export class Signal {
  private readonly waiters = new Set<(value?: unknown) => void>();

  wait(): Waitable {
    return {
      subscribe: (wake) => {
        this.waiters.add(wake);
        return () => this.waiters.delete(wake);
      },
    };
  }

  notifyAll(value?: unknown): void {
    const woken = [...this.waiters];
    this.waiters.clear();
    for (const wake of woken) wake(value);
  }

  get waiting(): number {
    return this.waiters.size;
  }
}
