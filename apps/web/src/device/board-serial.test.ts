// Serial from the micro:bit on the cable lands in the simulator's console and chart: against the
// emulated board (the same UsbConnection and DAPLink serial reads a real board gets), on virtual
// time, and with a scripted link for how chunks become lines.
import { ManualClock } from '@blockyard/core';
import { UsbConnection } from '@blockyard/device';
import { factoryBoard, runOnVirtualTime } from '@blockyard/device/testing';
import { Plotter, SerialConsole } from '@blockyard/sim';
import { describe, expect, it } from 'vitest';
import { USB_BOARD_SOURCE } from '../sim-host/serial-sources.ts';
import { pipeBoardSerial } from './board-serial.ts';

/** A console wired to a plotter the way the simulator controller wires them. */
function consoleAndChart() {
  const console = new SerialConsole();
  const plotter = new Plotter();
  console.onLine((line) => plotter.addLine(line.board, line.time, line.text));
  return { console, plotter };
}

describe('serial from the board into the console and chart', () => {
  it('the emulated board announces its program and counts once a second: lines and a chart series', async () => {
    const clock = new ManualClock();
    const board = await factoryBoard({ clock, variant: 'v2' });
    const connection = new UsbConnection({ usb: board.usb, clock });
    const { console, plotter } = consoleAndChart();
    const stop = pipeBoardSerial(connection, console, () => clock.now());
    await runOnVirtualTime(clock, connection.pair());
    await runOnVirtualTime(clock, new Promise<void>((resolve) => clock.setTimeout(resolve, 3_100)));
    const lines = console.getSnapshot().lines;
    expect(lines.map((l) => l.text)).toEqual(['factory started', 'count:1', 'count:2', 'count:3']);
    expect(new Set(lines.map((l) => l.board))).toEqual(new Set([USB_BOARD_SOURCE]));
    const series = plotter.getSnapshot().series;
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({ name: 'count', board: USB_BOARD_SOURCE });
    expect(series[0]!.points.map((p) => p.value)).toEqual([1, 2, 3]);
    // About a second apart on the chart's time axis.
    expect(series[0]!.points[2]!.t - series[0]!.points[1]!.t).toBeCloseTo(1, 1);

    // Stopped: nothing more arrives.
    stop();
    await runOnVirtualTime(clock, new Promise<void>((resolve) => clock.setTimeout(resolve, 2_000)));
    expect(console.getSnapshot().lines).toHaveLength(4);
    connection.dispose();
  });

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
});
