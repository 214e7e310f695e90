import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterFirstDraw } from './use-after-first-draw.ts';

afterEach(() => cleanup());

describe('useAfterFirstDraw', () => {
  it('is false in the first commit and true in the next', async () => {
    const seen: boolean[] = [];
    function Probe() {
      const drawn = useAfterFirstDraw();
      seen.push(drawn);
      return <p>{drawn ? 'all' : 'first'}</p>;
    }
    let view: ReturnType<typeof render> | undefined;
    await act(async () => {
      view = render(<Probe />);
      await Promise.resolve();
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(view?.container.textContent).toBe('all');
  });
});
