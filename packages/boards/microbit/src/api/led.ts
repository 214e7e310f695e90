// The runtime side of `led`: single LEDs and their brightness, the screen's brightness, mode
// and power, the bar graph, fades and screenshots.
//   plotBarGraph: lights the bottom-up, centre-out bar for value/high in 16 steps; with no high
//   (0) it scales to the largest value of the last 10 s; it writes the value to serial first.
//   plotBrightness with a level between 0 and 255 switches the screen to greyscale, as on V2.
import type { Waiting } from '@blockyard/runtime';
import { LedImage } from '../images/led-image.ts';
import { MicrobitImage } from '../images/microbit-image.ts';
import { type NamespaceModule, toInt } from './namespace-module.ts';
import { NEW_LINE } from './serial.ts';

/** DisplayMode enum: BlackAndWhite = 0, Greyscale = 1. */
const GREYSCALE = 1;
/** Without a `high`, the bar graph's scale drops back after this long without a bigger value. */
const BAR_GRAPH_RESCALE_MS = 10000;
const FADE_STEP_MS = 50;
const FADE_DEFAULT_MS = 700;

export const ledModule: NamespaceModule = {
  names: ['led'],
  create(board) {
    const display = board.display;
    let barGraphHigh = 0;
    let barGraphHighAt = 0;
    const plot = (x: number, y: number): void => display.plot(toInt(x), toInt(y), 255);
    const unplot = (x: number, y: number): void => display.unplot(toInt(x), toInt(y));
    const point = (x: number, y: number): boolean => display.point(toInt(x), toInt(y));
    const toggle = (x: number, y: number): void => (point(x, y) ? unplot(x, y) : plot(x, y));
    function* fade(target: number, ms: number | undefined): Waiting {
      const duration = ms === undefined ? FADE_DEFAULT_MS : toInt(ms);
      const from = display.brightness;
      const started = board.runningTime();
      let elapsed = 0;
      while (duration >= 20 && elapsed < duration) {
        display.setBrightness(from + ((target - from) * elapsed) / duration);
        yield FADE_STEP_MS;
        elapsed = board.runningTime() - started;
      }
      display.setBrightness(target);
    }
    return {
      led: {
        plot,
        unplot,
        point,
        toggle,
        plotBrightness(x: number, y: number, brightness: number): void {
          const level = Math.max(0, Math.min(255, toInt(brightness)));
          if (level !== 0 && level !== 255) display.mode = 'greyscale';
          display.plot(toInt(x), toInt(y), level);
        },
        pointBrightness(x: number, y: number): number {
          return display.image.get(toInt(x), toInt(y));
        },
        brightness(): number {
          return display.brightness;
        },
        setBrightness(value: number): void {
          display.setBrightness(toInt(value));
        },
        stopAnimation(): void {
          board.animator.cancelAll();
        },
        setDisplayMode(mode: number): void {
          display.mode = toInt(mode) === GREYSCALE ? 'greyscale' : 'black-and-white';
          display.changed();
        },
        displayMode(): number {
          return display.mode === 'greyscale' ? GREYSCALE : 0;
        },
        enable(on: boolean): void {
          display.enabled = !!on;
          display.changed();
        },
        screenshot(): MicrobitImage {
          return new MicrobitImage(board, display.image.clone());
        },
        plotAll(): void {
          for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) display.image.set(x, y, 255);
          display.changed();
        },
        toggleAll(): void {
          for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) toggle(x, y);
        },
        plotBarGraph(value: number, high: number, valueToConsole?: boolean): void {
          if (valueToConsole !== false) board.serial.write(String(value) + NEW_LINE);
          if (Number.isNaN(Number(value))) {
            display.clear();
            return;
          }
          const now = board.runningTime();
          const magnitude = Math.abs(Number(value));
          const top = Number(high);
          if (top > 0) barGraphHigh = top;
          else if (magnitude > barGraphHigh || now - barGraphHighAt > BAR_GRAPH_RESCALE_MS) {
            barGraphHigh = magnitude;
            barGraphHighAt = now;
          }
          if (barGraphHigh < 16 * Number.EPSILON) barGraphHigh = 1;
          const level = magnitude / barGraphHigh;
          // 15 LEDs in 5 rows of 3 (centre, then pairs outwards); LED k lights when k/16 <= level.
          const bar = new LedImage(5);
          let k = 0;
          for (let y = 4; y >= 0; y--) {
            for (let d = 0; d < 3; d++) {
              const on = k / 16 <= level ? 255 : 0;
              bar.set(2 - d, y, on);
              bar.set(2 + d, y, on);
              k++;
            }
          }
          bar.copyTo(0, 5, display.image, 0);
          display.changed();
        },
        *fadeIn(ms?: number): Waiting {
          yield* fade(255, ms);
        },
        *fadeOut(ms?: number): Waiting {
          yield* fade(0, ms);
        },
      },
    };
  },
};
