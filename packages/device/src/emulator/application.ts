// What runs on the emulated board after a reset into the application. The emulator cannot execute
// the firmware (it is the real C++ runtime, with radio, display and a Bluetooth stack), so a
// program that the firmware would start is stood in for by an application object: by default one
// that announces the program by its name and then writes a counter once a second (so the serial
// console and the chart have something to show), and answers what the host types. Tests may plug
// in another, e.g. one that runs the program's embedded source on the simulator's runtime.
// The default also starts the Bluetooth UART service, as a program that calls
// `bluetooth.startUartService()` does, and writes its lines there as well as to serial.

import type { Clock } from '@blockyard/core';
import type { BluetoothUartPort } from './emulated-ble-uart.ts';
import type { ProgramCheck } from './program-check.ts';

export interface ApplicationContext {
  readonly clock: Clock;
  /** The program the firmware found (only 'program' checks start an application). */
  readonly program: Extract<ProgramCheck, { kind: 'program' }>;
  /** The program's serial output, as the nRF's UART sends it. */
  serialWrite(text: string): void;
  /** `bluetooth.startUartService()`: the same service each time, until the next reset. */
  startUartService(): BluetoothUartPort;
}

export interface RunningApplication {
  /** The debugger halted the core: nothing runs until resume. */
  pause(): void;
  resume(): void;
  /** Reset or power loss. */
  stop(): void;
  /** Text the host wrote to the board's serial port. */
  serialIn(text: string): void;
}

export type ApplicationFactory = (context: ApplicationContext) => RunningApplication;

/**
 * The default: "<name> started", then "count:<n>" every second, to serial and over Bluetooth; and
 * "heard:<line>" back the same way for each line typed.
 */
export const countingApplication: ApplicationFactory = (context) => {
  let count = 0;
  let timer: number | undefined;
  let input = '';
  const uart = context.startUartService();
  const say = (text: string) => {
    context.serialWrite(text);
    uart.write(text);
  };
  uart.onReceived('\n', (line) => uart.write(`heard:${line.replace(/\r$/, '')}\r\n`));
  const tick = () => {
    count++;
    say(`count:${count}\r\n`);
  };
  const start = () => {
    if (timer === undefined) timer = context.clock.setInterval(tick, 1000);
  };
  const halt = () => {
    if (timer !== undefined) context.clock.clear(timer);
    timer = undefined;
  };
  say(`${context.program.name} started\r\n`);
  start();
  return {
    pause: halt,
    resume: start,
    stop: halt,
    serialIn(text) {
      input += text;
      let newline = input.indexOf('\n');
      while (newline >= 0) {
        const line = input.slice(0, newline).replace(/\r$/, '').slice(0, 60);
        input = input.slice(newline + 1);
        context.serialWrite(`heard:${line}\r\n`);
        newline = input.indexOf('\n');
      }
      if (input.length > 256) input = '';
    },
  };
};
