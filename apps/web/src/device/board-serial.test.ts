// Serial from the micro:bit on the cable lands in the simulator's console and chart, with a
// scripted link for how chunks become lines. The emulated board's own serial (through the same
// UsbConnection a real board gets) is checked end to end in e2e/journeys/board.e2e.ts.
import { Plotter, SerialConsole } from '@blockyard/sim';
import { describe, expect, it } from 'vitest';
import { BLUETOOTH_BOARD_SOURCE, USB_BOARD_SOURCE } from '../sim-host/serial-sources.ts';
import { pipeBoardSerial } from './board-serial.ts';

/** A console wired to a plotter the way the simulator controller wires them. */
function consoleAndChart() {
  const console = new SerialConsole();
  const plotter = new Plotter();
  console.onLine((line) => plotter.addLine(line.board, line.time, line.text));
  return { console, plotter };
}

describe('serial from the board into the console and chart', () => {
  it('chunks split anywhere become whole lines; text without a newline waits as the open line', () => {
    let listener: ((text: string) => void) | undefined;
    const link = {
      onSerial: (l: (text: string) => void) => {
        listener = l;
        return () => (listener = undefined);
      },
    };
    const { console, plotter } = consoleAndChart();
    let now = 0;
    pipeBoardSerial(link, console, () => now);
    for (const chunk of ['tem', 'p:2', '1\r\nli', 'ght:7\r', '\n', '', 'hal']) {
      now += 10;
      listener!(chunk);
    }
    const snapshot = console.getSnapshot();
    expect(snapshot.lines.map((l) => l.text)).toEqual(['temp:21', 'light:7']);
    expect(snapshot.open.get(USB_BOARD_SOURCE)).toBe('hal');
    expect(plotter.getSnapshot().series.map((s) => s.name)).toEqual(['temp', 'light']);
  });

  it("lines over Bluetooth go in as their own board, next to the cable's", () => {
    const listeners: ((text: string) => void)[] = [];
    const link = {
      onSerial: (l: (text: string) => void) => {
        listeners.push(l);
        return () => undefined;
      },
    };
    const { console, plotter } = consoleAndChart();
    pipeBoardSerial(link, console, () => 5);
    pipeBoardSerial(link, console, () => 5, BLUETOOTH_BOARD_SOURCE);
    listeners[0]!('count:1\n');
    listeners[1]!('count:7\n');
    expect(console.getSnapshot().lines.map((l) => [l.board, l.text])).toEqual([
      [USB_BOARD_SOURCE, 'count:1'],
      [BLUETOOTH_BOARD_SOURCE, 'count:7'],
    ]);
    expect(plotter.getSnapshot().series.map((s) => s.board)).toEqual([USB_BOARD_SOURCE, BLUETOOTH_BOARD_SOURCE]);
  });
});
