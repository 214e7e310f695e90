// Shows images and scrolling text on the LED display one animation at a time, like the device's
// animation queue: a second show* waits until the first is done. Each animation is a frame
// function called every `interval` ms until it returns false; the fiber that asked for it waits
// on the returned Waitable.

import type { Clock, TimerHandle } from '@blockyard/core';
import type { Waitable } from '@blockyard/runtime';
import { LedImage } from '../images/led-image.ts';
import type { LedDisplay } from './led-display.ts';

// DAL's updateScrollText: two shifts before the first character is pasted in at the right edge,
// and after the last character two more 6-column turns (a space, then the end).
const TEXT_LEAD_COLUMNS = 2;
const TEXT_TRAIL_COLUMNS = 6;

interface Animation {
  interval: number;
  /** Draws the next frame; false when the animation is over (nothing drawn). */
  frame(): boolean;
  done: (() => void)[];
}

export class DisplayAnimator {
  private readonly queue: Animation[] = [];
  private timer: TimerHandle | undefined;
  private running = false;

  constructor(
    private readonly clock: Clock,
    private readonly display: LedDisplay,
  ) {}

  /**
   * Scrolls `image` onto the display `stride` columns per frame (5 = one whole screen per frame,
   * which is how show leds and animations work), one frame every `interval` ms. With
   * `firstAfterInterval` the first frame comes one interval after the start, not at once.
   */
  scroll(image: LedImage, stride: number, interval: number, firstAfterInterval = false): Waitable {
    const step = stride === 0 ? 1 : Math.trunc(stride);
    let offset = step > 0 ? 0 : image.width - 1;
    let waiting = firstAfterInterval;
    const screen = this.display.image;
    return this.enqueue(interval, () => {
      if (waiting) {
        waiting = false;
        return true;
      }
      if (offset >= image.width || offset < 0) return false;
      if (step > 0) {
        screen.shiftLeft(step);
        image.copyTo(offset, Math.min(step, image.width - offset), screen, 5 - step);
      } else {
        screen.shiftRight(-step);
        image.copyTo(offset, Math.min(-step, image.width - offset), screen, 0);
      }
      offset += step;
      this.display.changed();
      return true;
    });
  }

  /**
   * Scrolls text the way the device's firmware does: the first shift comes one `interval` after
   * the start (the old picture stays until then), two blank columns go by before the text's first
   * column, and the scroll ends once the text has left and the spacing after it has passed
   * (6 columns per character + 8 steps in all).
   */
  scrollText(text: LedImage, interval: number): Waitable {
    const track = new LedImage(TEXT_LEAD_COLUMNS + text.width + TEXT_TRAIL_COLUMNS);
    text.copyTo(0, text.width, track, TEXT_LEAD_COLUMNS);
    return this.scroll(track, 1, interval, true);
  }

  /** Shows 5 columns of `image` from `offset`, then waits `interval` ms. */
  show(image: LedImage, offset: number, interval: number): Waitable {
    let first = true;
    return this.enqueue(interval, () => {
      if (!first) return false;
      first = false;
      image.copyTo(offset, 5, this.display.image, 0);
      this.display.changed();
      return true;
    });
  }

  /** Draws 5 columns of `image` without waiting (plot leds); still in turn after running animations. */
  plot(image: LedImage, offset: number): void {
    this.enqueue(0, () => {
      image.copyTo(offset, 5, this.display.image, 0);
      this.display.changed();
      return false;
    });
  }

  /** Drops every queued and running animation (led.stopAnimation, and when the program stops). */
  cancelAll(): void {
    if (this.timer !== undefined) this.clock.clear(this.timer);
    this.timer = undefined;
    this.running = false;
    const dropped = this.queue.splice(0);
    for (const animation of dropped) for (const done of animation.done) done();
  }

  get busy(): boolean {
    return this.running || this.queue.length > 0;
  }

  private enqueue(interval: number, frame: () => boolean): Waitable {
    const animation: Animation = { interval: Math.max(0, interval), frame, done: [] };
    let finished = false;
    animation.done.push(() => (finished = true));
    this.queue.push(animation);
    if (!this.running) this.next();
    return {
      subscribe: (wake) => {
        if (finished) {
          wake();
          return () => undefined;
        }
        const notify = () => wake();
        animation.done.push(notify);
        return () => {
          const i = animation.done.indexOf(notify);
          if (i >= 0) animation.done.splice(i, 1);
        };
      },
    };
  }

  /** Runs frames of the head animation; finished animations hand over at once. */
  private next(): void {
    this.running = true;
    for (;;) {
      const animation = this.queue[0];
      if (!animation) {
        this.running = false;
        return;
      }
      if (animation.frame()) {
        this.timer = this.clock.setTimeout(() => {
          this.timer = undefined;
          this.next();
        }, animation.interval);
        return;
      }
      this.queue.shift();
      for (const done of animation.done) done();
    }
  }
}
