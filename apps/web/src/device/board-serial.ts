// Serial from the micro:bit on the cable or over Bluetooth (real, or emulated with
// device=emulated) into the simulator's console, and so its chart: the console cuts the board's
// chunks into lines, bounds them, and hands each completed line to the plotter, as it does for
// the simulator's boards.

import type { SerialEntry } from '@blockyard/sim';
import { USB_BOARD_SOURCE } from '../sim-host/serial-sources.ts';
import type { BoardLink } from './board-link.ts';

/**
 * Starts copying; returns the function that stops. `now` stamps each chunk (ms) for the chart;
 * `source` is the board number its lines show under (serial-sources.ts).
 */
export function pipeBoardSerial(
  link: Pick<BoardLink, 'onSerial'>,
  console: { push(entries: readonly SerialEntry[]): void },
  now: () => number,
  source: number = USB_BOARD_SOURCE,
): () => void {
  return link.onSerial((text) => {
    if (text !== '') console.push([{ board: source, time: now(), data: text }]);
  });
}
