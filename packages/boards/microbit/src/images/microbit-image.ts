// The `Image` objects learner programs hold (images.createImage, images.iconImage,
// led.screenshot): an LedImage plus the methods MakeCode's Image has, drawing on one board's
// display. Showing and scrolling wait like the device (they are declared //% async).
import type { Waiting } from '@blockyard/runtime';
import type { BoardHost } from '../api/board-host.ts';
import { toInt } from '../api/namespace-module.ts';
import { LedImage, ROWS } from './led-image.ts';

const SCREEN = 5;

export class MicrobitImage {
  constructor(
    private readonly board: BoardHost,
    /** The pixels: `width` columns of brightness 0-255. */
    readonly image: LedImage,
  ) {}

  /** Draws the image from column `xOffset` without waiting. */
  plotImage(xOffset?: number): void {
    this.board.animator.plot(this.image, toInt(xOffset));
  }

  /** Draws the image from column `xOffset`, then waits `interval` ms (400 by default). */
  *showImage(xOffset: number, interval?: number): Waiting {
    yield this.board.animator.show(this.image, toInt(xOffset), toInt(interval, 400));
  }

  /** Draws frame `xOffset` (5 columns each) without waiting. */
  plotFrame(xOffset: number): void {
    this.plotImage(toInt(xOffset) * SCREEN);
  }

  /** Shows frame `frame` (5 columns each), then waits `interval` ms (400 by default). */
  *showFrame(frame: number, interval?: number): Waiting {
    yield* this.showImage(toInt(frame) * SCREEN, interval);
  }

  /**
   * Slides the image across the screen `frameOffset` columns per step (negative: to the right),
   * one step every `interval` ms, from just off one edge until it has left by the other.
   */
  *scrollImage(frameOffset: number, interval: number): Waiting {
    const stride = toInt(frameOffset);
    if (stride === 0 || this.image.width === 0) return;
    const track = new LedImage(this.image.width + SCREEN);
    this.image.copyTo(0, this.image.width, track, stride > 0 ? 0 : SCREEN);
    // The screen goes dark first: the image comes in from the edge alone.
    this.board.animator.plot(new LedImage(SCREEN), 0);
    yield this.board.animator.scroll(track, stride, Math.max(0, toInt(interval)));
  }

  /** Turns every pixel off. */
  clear(): void {
    this.image.clear();
  }

  setPixelBrightness(x: number, y: number, value: number): void {
    this.image.set(toInt(x), toInt(y), toInt(value));
  }

  /** Brightness 0-255 of a pixel; 0 outside the image. */
  pixelBrightness(x: number, y: number): number {
    return this.image.get(toInt(x), toInt(y));
  }

  setPixel(x: number, y: number, value: boolean): void {
    this.setPixelBrightness(x, y, value ? 255 : 0);
  }

  pixel(x: number, y: number): boolean {
    return this.pixelBrightness(x, y) > 0;
  }

  width(): number {
    return this.image.width;
  }

  height(): number {
    return ROWS;
  }
}
