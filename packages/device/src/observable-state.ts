// One state object that listeners follow: what a board link shows the editor (React reads it with
// useSyncExternalStore, so each change makes a new object and an unchanged state keeps its
// identity). UsbConnection and BluetoothBoard both keep their state in one.

export class ObservableState<T extends object> {
  private value: T;
  private readonly listeners = new Set<() => void>();

  constructor(initial: T) {
    this.value = initial;
  }

  get(): T {
    return this.value;
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Merges `changes` into a new object and tells every listener (those added meanwhile next time). */
  set(changes: Partial<T>): void {
    this.value = { ...this.value, ...changes };
    for (const listener of [...this.listeners]) listener();
  }
}
