// Types for gifenc 1.0 (the package ships none): only what gif-recorder.ts uses.
declare module 'gifenc' {
  export type Palette = number[][];
  export type ColorFormat = 'rgb565' | 'rgb444' | 'rgba4444';
  export interface FrameOptions {
    palette?: Palette;
    /** Milliseconds this frame shows (stored in hundredths of a second). */
    delay?: number;
    /** -1 once, 0 forever, n extra times; read from the first frame. */
    repeat?: number;
    transparent?: boolean;
    dispose?: number;
    first?: boolean;
  }
  export interface GifEncoderStream {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
    bytesView(): Uint8Array;
  }
  export function GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): GifEncoderStream;
  export function quantize(
    rgba: Uint8Array | Uint8ClampedArray,
    maxColors: number,
    options?: { format?: ColorFormat },
  ): Palette;
  export function applyPalette(
    rgba: Uint8Array | Uint8ClampedArray,
    palette: Palette,
    format?: ColorFormat,
  ): Uint8Array;
}
