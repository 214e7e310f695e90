// The runtime side of `basic`: showing numbers, text and pictures with the device's timing,
// forever loops and pause.
//   showString: one character shows for 5 intervals; longer text scrolls one column per
//   interval (150 ms by default) until it has left the screen; "" clears and waits 5 intervals.
//   showNumber: shows the number rounded to 2 decimals the same way.
//   showLeds/showIcon/showArrow: draw, then wait (400/600/600 ms by default).

import { isGenerator, roundWithPrecision, type Waiting } from '@blockyard/runtime';
import type { BoardHost } from './board-host.ts';
import { arrowImage, iconImage } from '../images/icons.ts';
import { FOREVER } from './handler-names.ts';
import { LedImage } from '../images/led-image.ts';
import { type NamespaceModule, toInt, toText } from './namespace-module.ts';

function scrollInterval(interval: unknown): number {
  const ms = toInt(interval, 150);
  return ms <= 0 ? 1 : ms;
}

/** Shows text as showString does (one character still for 5 intervals, longer text scrolled). */
export function* showText(board: BoardHost, text: string, intervalMs: number): Waiting {
  const chars = [...text];
  if (chars.length === 0) {
    board.display.clear();
    yield intervalMs * 5;
  } else if (chars.length === 1) {
    yield board.animator.scroll(LedImage.fromText(text), 5, intervalMs * 5);
  } else {
    yield board.animator.scrollText(LedImage.fromText(text), intervalMs);
  }
}

function* pause(ms: unknown): Waiting {
  const wait = Number(ms);
  yield Number.isFinite(wait) && wait > 0 ? wait : 0;
}

export const basicModule: NamespaceModule = {
  names: ['basic', 'pause', 'forever'],
  create(board) {
    const forever = (body: () => unknown): void => {
      if (typeof body !== 'function') return;
      const pauseMs = board.runtime.limits.foreverPauseMs;
      board.runtime.spawn(FOREVER, function* (): Waiting {
        for (;;) {
          const result = body();
          if (isGenerator(result)) yield* result;
          yield pauseMs;
        }
      });
    };
    const basic = {
      *showNumber(value: number, interval?: number): Waiting {
        const text = Number.isNaN(value) ? '?' : roundWithPrecision(value, 2).toString();
        yield* showText(board, text, scrollInterval(interval));
      },
      *showString(text: string, interval?: number): Waiting {
        yield* showText(board, text === null || text === undefined ? '' : toText(text), scrollInterval(interval));
      },
      *showLeds(leds: string, interval?: number): Waiting {
        yield board.animator.scroll(LedImage.fromLiteral(toText(leds)), 5, toInt(interval, 400));
      },
      *showAnimation(leds: string, interval?: number): Waiting {
        yield board.animator.scroll(LedImage.fromLiteral(toText(leds)), 5, toInt(interval, 400));
      },
      plotLeds(leds: string): void {
        board.animator.plot(LedImage.fromLiteral(toText(leds)), 0);
      },
      *showIcon(icon: number, interval?: number): Waiting {
        yield board.animator.show(iconImage(toInt(icon)), 0, toInt(interval, 600));
      },
      *showArrow(direction: number, interval?: number): Waiting {
        yield board.animator.show(arrowImage(toInt(direction)), 0, toInt(interval, 600));
      },
      clearScreen(): void {
        board.display.clear();
      },
      forever,
      pause,
    };
    return { basic, pause, forever };
  },
};
