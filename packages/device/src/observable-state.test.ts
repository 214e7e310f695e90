import { describe, expect, it } from 'vitest';
import { ObservableState } from './observable-state.ts';

describe('ObservableState', () => {
  it('merges changes into a new object and tells each listener once per change', () => {
    const state = new ObservableState({ state: 'disconnected', flashing: false });
    const first = state.get();
    const seen: string[] = [];
    state.subscribe(() => seen.push(`${state.get().state}/${state.get().flashing}`));
    state.set({ state: 'ready' });
    state.set({ flashing: true });
    expect(seen).toEqual(['ready/false', 'ready/true']);
    expect(first).toEqual({ state: 'disconnected', flashing: false });
    expect(state.get()).not.toBe(first);
  });

  it('stops telling a listener that unsubscribed, even one removed while listeners run', () => {
    const state = new ObservableState({ n: 0 });
    const calls: string[] = [];
    let stopB = () => undefined as unknown;
    state.subscribe(() => {
      calls.push('a');
      stopB();
    });
    stopB = state.subscribe(() => calls.push('b'));
    state.set({ n: 1 });
    state.set({ n: 2 });
    // b was still in this round's list when a removed it; after that it hears nothing.
    expect(calls).toEqual(['a', 'b', 'a']);
  });
});
