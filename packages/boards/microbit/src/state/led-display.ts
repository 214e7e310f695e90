// The 5x5 LED matrix: each LED's brightness (0-255), the display's overall brightness, its mode
// and whether it is enabled. The simulator view and the CLI read it; the API writes it.

import { LedImage } from '../images/led-image.ts';

export type DisplayMode = 'black-and-white' | 'greyscale';

export class LedDisplay {
  /** What the LEDs show: a 5-column image. */
  readonly image = new LedImage(5);
  /** Overall brightness 0-255 (led.setBrightness). */
  brightness = 255;
  mode: DisplayMode = 'black-and-white';
  enabled = true;
  private readonly listeners = new Set<() => void>();

  plot(x: number, y: number, value = 255): void {
    this.image.set(x, y, value);
    this.changed();
  }

  unplot(x: number, y: number): void {
    this.plot(x, y, 0);
  }

  point(x: number, y: number): boolean {
    return this.image.get(x, y) > 0;
  }

  clear(): void {
    this.image.clear();
    this.changed();
  }

  setBrightness(value: number): void {
    this.brightness = Math.max(0, Math.min(255, Math.trunc(value) || 0));
    this.changed();
  }

  /** Five rows of '#' (lit) and '.' (dark), as `blockyard run` prints them. */
  rows(): string[] {
    if (!this.enabled) return ['.....', '.....', '.....', '.....', '.....'];
    return this.image.toRows();
  }

  /** Called after every change (the simulator view redraws). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    for (const listener of this.listeners) listener();
  }
}
