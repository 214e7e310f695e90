// Shared pieces of the package's tests.
import { ManualClock } from '@blockyard/core';
import { MemoryProjectStore } from '../src/memory-project-store.ts';
import type { ProjectStore } from '../src/project-store.ts';

/** 5 January 2026, 09:00 UTC. */
export const START = Date.UTC(2026, 0, 5, 9, 0, 0);

export const files = (main: string): Record<string, string> => ({ 'pxt.json': '{"name":"x"}', 'main.ts': main });

/** Lets every pending promise (and the memory store's chained transactions) run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Advances a ManualClock in steps, settling promises between, like time passing in a page. */
export async function pass(clock: ManualClock, ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    clock.advance(Math.min(step, ms - t));
    await settle();
  }
}

export function memoryStore(clock = new ManualClock(START)): { clock: ManualClock; store: MemoryProjectStore } {
  return { clock, store: new MemoryProjectStore({ clock }) };
}

export interface RecordedCall {
  method: string;
  at: number;
  args: unknown[];
}

/** Wraps a store and records each call (with the clock's time) before passing it on. */
export function recording<T extends ProjectStore>(store: T, clock: ManualClock): { store: T; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const proxy = new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push({ method: String(property), at: clock.now(), args });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls };
}
