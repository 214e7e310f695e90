// RGB LED strips (WS2812B, "NeoPixel") on the edge connector, as the simulator draws them: what
// the program last sent down each pin's wire with light.sendWS2812Buffer. The bytes arrive in
// the strip's own order (green, red, blue per LED unless light.setMode said otherwise), the
// program's brightness already applied; the board keeps them as 0xRRGGBB colours per LED.

/** Strips at most, and LEDs per strip, the simulator keeps (a program sending more is cut). */
export const MAX_LIGHT_STRIPS = 4;
export const MAX_STRIP_LEDS = 256;

/**
 * light.setMode values (the NeoPixelMode of MakeCode's neopixel extension): 1 green-red-blue
 * (the usual WS2812B), 2 green-red-blue-white, 3 red-green-blue. Anything else counts as 1.
 */
export type StripMode = 1 | 2 | 3;

export interface LightStrip {
  /** The pin the strip hangs on (its pin id, e.g. 100 for P0). */
  readonly pin: number;
  /** Each LED's colour as 0xRRGGBB, first LED first. */
  readonly colours: readonly number[];
}

export class LightStrips {
  private readonly modes = new Map<number, StripMode>();
  private readonly strips = new Map<number, LightStrip>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** The strips in the order their pins were first sent to. */
  list(): readonly LightStrip[] {
    return [...this.strips.values()];
  }

  /** Increases with every change (the simulator sends a board's state when it moved). */
  get changes(): number {
    return this.version;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setMode(pin: number, mode: number): void {
    this.modes.set(pin, mode === 2 || mode === 3 ? mode : 1);
  }

  /**
   * The bytes sent down `pin`'s wire. `brightness` (0-255) scales them as the device's
   * sendWS2812BufferWithBrightness does; without it they are taken as they are.
   */
  send(pin: number, bytes: Uint8Array, brightness?: number): void {
    if (!this.strips.has(pin) && this.strips.size >= MAX_LIGHT_STRIPS) return;
    const mode = this.modes.get(pin) ?? 1;
    const stride = mode === 2 ? 4 : 3;
    const count = Math.min(MAX_STRIP_LEDS, Math.floor(bytes.length / stride));
    const scale =
      brightness === undefined ? (v: number) => v : (v: number) => Math.floor((v * clampByte(brightness)) / 255);
    const colours: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = i * stride;
      const [r, g, b] =
        mode === 3 ? [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!] : [bytes[at + 1]!, bytes[at]!, bytes[at + 2]!];
      // An RGBW strip's white LED adds to all three (drawn as one colour).
      const w = mode === 2 ? bytes[at + 3]! : 0;
      colours.push(
        (clampByte(scale(r) + scale(w)) << 16) | (clampByte(scale(g) + scale(w)) << 8) | clampByte(scale(b) + scale(w)),
      );
    }
    this.strips.set(pin, { pin, colours });
    this.changed();
  }

  /** control.reset: the program's strips and modes are forgotten. */
  reset(): void {
    this.modes.clear();
    if (this.strips.size === 0) return;
    this.strips.clear();
    this.changed();
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.trunc(value) || 0));
}
