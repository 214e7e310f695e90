import { describe, expect, it } from 'vitest';
import { LED_QUEUE_LIMIT, LedPresenter } from './led-presenter.ts';

const state = (n: number) => new Uint8Array(25).fill(0).map((_, i) => (i === n ? 255 : 0));

describe('LedPresenter', () => {
  it('shows two states that arrive between frames on two frames, in order', () => {
    const presenter = new LedPresenter();
    presenter.push(state(1));
    presenter.push(state(2));
    expect(presenter.nextFrame()).toBe(true);
    expect(presenter.leds[1]).toBe(255);
    expect(presenter.nextFrame()).toBe(true);
    expect(presenter.leds[2]).toBe(255);
    expect(presenter.nextFrame()).toBe(false);
    expect(presenter.stats).toEqual({ produced: 2, presented: 2, dropped: 0 });
  });

  it('ignores a state equal to the previous one', () => {
    const presenter = new LedPresenter();
    presenter.push(state(3));
    presenter.push(state(3));
    expect(presenter.stats.produced).toBe(1);
  });

  it('drops (and counts) the oldest waiting state only when the program outruns the screen', () => {
    const presenter = new LedPresenter();
    for (let i = 0; i < LED_QUEUE_LIMIT + 2; i++) presenter.push(state(i));
    expect(presenter.waiting).toBe(LED_QUEUE_LIMIT);
    expect(presenter.stats.dropped).toBe(2);
    presenter.nextFrame();
    expect(presenter.leds[2]).toBe(255);
  });

  it('at one change per frame nothing is dropped even with jitter', () => {
    const presenter = new LedPresenter();
    // Changes land 0, 2, 1, 0, 2 … per frame but average one per frame.
    const perFrame = [0, 2, 1, 0, 2, 1, 1, 1, 0, 2];
    let n = 0;
    for (const count of perFrame) {
      for (let i = 0; i < count; i++) presenter.push(state(n++ % 25));
      presenter.nextFrame();
    }
    while (presenter.nextFrame());
    expect(presenter.stats.dropped).toBe(0);
    expect(presenter.stats.presented).toBe(presenter.stats.produced);
  });

  it('reset shows a state at once and forgets the queue', () => {
    const presenter = new LedPresenter();
    presenter.push(state(1));
    presenter.reset();
    expect(presenter.waiting).toBe(0);
    expect(presenter.leds.every((v) => v === 0)).toBe(true);
  });
});
