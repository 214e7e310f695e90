import { describe, expect, it, vi } from 'vitest';
import { lazyLoad, LazyLoadError } from './lazy-load.ts';

describe('lazyLoad', () => {
  it('loads on the first call only, and callers while it loads share that load', async () => {
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const get = lazyLoad('the answer', load);
    expect(load).not.toHaveBeenCalled();
    expect(get.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([get(), get()]);
    expect(first).toBe(second);
    expect(await get()).toBe(first);
    expect(get.loaded()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects with an error naming what did not load, and tries again on the next call', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn().mockRejectedValueOnce(cause).mockResolvedValueOnce('loaded');
    const get = lazyLoad('the board connection', load);
    const failure = await get().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LazyLoadError);
    expect((failure as LazyLoadError).message).toBe('Could not load the board connection');
    expect((failure as LazyLoadError).cause).toBe(cause);
    expect(get.loaded()).toBeUndefined();
    expect(await get()).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives callers waiting on a failed load the failure, not a second load', async () => {
    let fail: (error: Error) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((_, reject) => (fail = reject)));
    const get = lazyLoad('x', load);
    const both = Promise.allSettled([get(), get()]);
    fail(new Error('offline'));
    const results = await both;
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
