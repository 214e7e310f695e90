// The runtime side of `control`: background fibers, the event bus (raise, listen, wait, the
// event being handled), reset, busy waits, panics and the board's identity.
import type { RtBuffer } from '@blockyard/runtime';
import { EVENT_ANY, type Waitable, type Waiting, panic } from '@blockyard/runtime';
import { eventHandlerName, IN_BACKGROUND } from './handler-names.ts';
import { type NamespaceModule, toInt, toText } from './namespace-module.ts';
import { NEW_LINE } from './serial.ts';

/** EventCreationMode.CreateOnly: the event is made but nobody hears it. */
const CREATE_ONLY = 0;
/** control.assert's panic code, as on the device. */
const ASSERT_PANIC_CODE = 98;

/** Letters the device builds its name from: consonants and vowels take turns. */
const NAME_LETTERS = ['zvgpt', 'uoiea'] as const;

/**
 * The device's five-letter name for a serial number (e.g. "zavit"): the number's last five
 * base-5 digits, read from the end, pick consonants and vowels in turn.
 */
export function friendlyName(serialNumber: number): string {
  let n = serialNumber >>> 0;
  let name = '';
  for (let i = 0; i < 5; i++) {
    name = NAME_LETTERS[i % 2]![n % 5]! + name;
    n = Math.floor(n / 5);
  }
  return name;
}

/** A Waitable that never ends (the rest of a program that reset the board). */
const never: Waitable = { subscribe: () => () => undefined };

export const controlModule: NamespaceModule = {
  names: ['control', 'convertToText'],
  create(board) {
    const runtime = board.runtime;
    const inBackground = (a: () => unknown): void => {
      if (typeof a === 'function') runtime.spawn(IN_BACKGROUND, a);
    };
    return {
      control: {
        inBackground,
        runInParallel: inBackground,
        *reset(): Waiting {
          board.reset();
          yield never;
        },
        waitMicros(micros: number): void {
          // A busy wait on the device. It counts as work of the virtual processor (1,000 units
          // a millisecond): once a slice's worth has piled up, the next loop check preempts the
          // fiber, and the rest it takes is where the waited time shows on the clock.
          const us = toInt(micros);
          if (us <= 0) return;
          const exec = runtime.exec;
          exec.work += (us * runtime.limits.workUnitsPerMs) / 1000;
          if (exec.work >= runtime.limits.sliceMs * runtime.limits.workUnitsPerMs)
            exec.budget = Math.min(exec.budget, 0);
        },
        *waitForEvent(src: number, value: number): Waiting {
          yield runtime.bus.wait(toInt(src), toInt(value));
        },
        raiseEvent(src: number, value: number, mode?: number): void {
          if (mode !== undefined && toInt(mode) === CREATE_ONLY) return;
          board.raise(toInt(src), toInt(value));
        },
        onEvent(src: number, value: number, handler: () => unknown, _flags?: number): void {
          if (typeof handler !== 'function') return;
          const source = toInt(src);
          const event = toInt(value);
          runtime.bus.listen(source, event, handler, eventHandlerName(source, event === EVENT_ANY ? 'any' : event));
        },
        eventValue(): number {
          return runtime.bus.lastEvent?.value ?? 0;
        },
        eventTimestamp(): number {
          const event = runtime.bus.lastEvent;
          return event ? Math.round((event.timestamp - (board.clock.now() - board.runningTime())) * 1000) : 0;
        },
        eventSourceId(id: number): number {
          return id;
        },
        eventValueId(id: number): number {
          return id;
        },
        deviceName(): string {
          return friendlyName(board.serialNumber);
        },
        deviceSerialNumber(): number {
          return board.serialNumber | 0;
        },
        deviceLongSerialNumber(): RtBuffer {
          const buffer = runtime.createBuffer(8);
          buffer.setNumber(11 /* UInt32LE */, 0, board.serialNumber >>> 0);
          buffer.setNumber(11 /* UInt32LE */, 4, 0x42590000 + board.id);
          return buffer;
        },
        panic(code: number): never {
          throw panic(toInt(code));
        },
        assert(condition: unknown, msg?: string): void {
          if (condition) return;
          board.serial.write(`ASSERTION FAILED${NEW_LINE}`);
          if (msg !== null && msg !== undefined) board.serial.write(toText(msg) + NEW_LINE);
          throw panic(ASSERT_PANIC_CODE);
        },
        millis(): number {
          return board.runningTime();
        },
        micros(): number {
          return board.runningTimeMicros();
        },
        createBuffer(size: number): RtBuffer {
          return runtime.createBuffer(toInt(size));
        },
        createBufferFromUTF8(str: string): RtBuffer {
          return runtime.bufferFromUtf8(toText(str));
        },
      },
      // Global in MakeCode's micro:bit library (its control.ts); the same text as "" + value.
      convertToText: (value: unknown): string => toText(value),
    };
  },
};
