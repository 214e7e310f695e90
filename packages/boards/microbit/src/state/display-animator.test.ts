import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { LedImage } from '../images/led-image.ts';
import { DisplayAnimator } from './display-animator.ts';
import { LedDisplay } from './led-display.ts';

describe('DisplayAnimator', () => {
  it('plays queued animations one after another and wakes each waiter when its own ends', () => {
    const clock = new ManualClock();
    const display = new LedDisplay();
    const animator = new DisplayAnimator(clock, display);
    const done: string[] = [];
    const image = LedImage.fromLiteral('#####\n#####\n#####\n#####\n#####');
    animator.show(image, 0, 100).subscribe(() => done.push(`first ${clock.now()}`));
    animator.scroll(new LedImage(5), 5, 50).subscribe(() => done.push(`second ${clock.now()}`));
    expect(display.rows()[0]).toBe('#####');
    expect(animator.busy).toBe(true);
    clock.advance(100);
    expect(display.rows()[0]).toBe('.....');
    clock.advance(50);
    expect(done).toEqual(['first 100', 'second 150']);
    expect(animator.busy).toBe(false);
  });

  it('scrolls right for negative strides and cancels everything on request', () => {
    const clock = new ManualClock();
    const display = new LedDisplay();
    const animator = new DisplayAnimator(clock, display);
    const image = LedImage.fromLiteral('#....\n.....\n.....\n.....\n.....');
    let finished = false;
    animator.scroll(image, -1, 10).subscribe(() => (finished = true));
    clock.advance(40);
    // Columns enter from the left, last column first: after 5 steps the image is in place.
    expect(display.rows()[0]).toBe('#....');
    animator.cancelAll();
    expect(finished).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it('wakes at once a waiter that arrives after the animation ended', () => {
    const clock = new ManualClock();
    const animator = new DisplayAnimator(clock, new LedDisplay());
    const waitable = animator.show(new LedImage(5), 0, 0);
    clock.advance(0);
    let woken = false;
    waitable.subscribe(() => (woken = true));
    expect(woken).toBe(true);
  });
});
