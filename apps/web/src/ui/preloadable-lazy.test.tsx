import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.ts';

afterEach(() => cleanup());

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadableLazy', () => {
  it('draws a preloaded component in the first render, without the fallback', async () => {
    const Lazy = preloadableLazy(() => Promise.resolve(Greeting));
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    // Synchronously after render: React.lazy would show "Loading" here even with the chunk loaded.
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends until a component not yet loaded arrives', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const Lazy = preloadableLazy(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(() => {
      arrive(Greeting);
      return Promise.resolve();
    });
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('loads once however often it is preloaded, and tries again after a failure', async () => {
    let calls = 0;
    const Lazy = preloadableLazy(() => {
      calls++;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting);
    });
    await expect(Lazy.preload()).rejects.toThrow('offline');
    expect(Lazy.loaded()).toBe(false);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(calls).toBe(2);
    expect(Lazy.loaded()).toBe(true);
  });
});
