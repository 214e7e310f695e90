import { describe, expect, it } from 'vitest';
import { friendlyName } from './control.ts';
import { World } from '../board/world.ts';
import { compile, run } from '../test/programs.ts';

const text = (lines: string[]) => lines.map((l) => l.slice(l.indexOf(' ') + 1));

describe('control events', () => {
  it('raises events the program listens to, with the event value and timestamp', () => {
    const result = run(`serial.setWriteLinePadding(0)
control.onEvent(4000, 0, function () {
    serial.writeLine("any " + control.eventValue() + " at " + control.eventTimestamp())
})
control.onEvent(4000, 7, function () {
    serial.writeLine("seven")
})
basic.pause(250)
control.raiseEvent(4000, 7)
control.raiseEvent(4000, 9, EventCreationMode.CreateAndFire)
control.raiseEvent(4000, 11, EventCreationMode.CreateOnly)`);
    expect(text(result.lines).sort()).toEqual(['any 7 at 250000', 'any 9 at 250000', 'seven']);
  });

  it('uses the event bus ids of the device: buttons, gestures and pins', () => {
    const result = run(
      `control.onEvent(EventBusSource.MICROBIT_ID_BUTTON_A, EventBusValue.MICROBIT_BUTTON_EVT_DOWN, () => serial.writeValue("A down", control.millis()))
control.onEvent(control.eventSourceId(EventBusSource.MICROBIT_ID_BUTTON_B), control.eventValueId(EventBusValue.MICROBIT_BUTTON_EVT_CLICK), () => serial.writeValue("B click", control.millis()))`,
      {
        presses: [
          { button: 'A', at: 300 },
          { button: 'B', at: 600 },
        ],
      },
    );
    expect(result.lines).toEqual(['300 A down:300', '700 B click:700']);
  });

  it('waits for an event', () => {
    const result = run(`control.inBackground(function () {
    basic.pause(400)
    control.raiseEvent(5000, 1)
})
control.waitForEvent(5000, 1)
serial.writeValue("woke", control.millis())`);
    expect(result.lines).toEqual(['400 woke:400']);
  });

  it('queues at most 5 events while a handler is busy', () => {
    const result = run(`let handled = 0
control.onEvent(4001, 1, function () {
    handled += 1
    basic.pause(100)
})
for (let i = 0; i < 10; i++) {
    control.raiseEvent(4001, 1)
}
basic.pause(2000)
serial.writeValue("handled", handled)`);
    expect(text(result.lines)).toEqual(['handled:6']);
  });
});

describe('control services', () => {
  it('keeps the processor busy for waitMicros: time passes, other code runs after', () => {
    const result = run(`serial.setWriteLinePadding(0)
let before = control.micros()
for (let i = 0; i < 10; i++) {
    control.waitMicros(5000)
}
serial.writeValue("ms", control.millis())
serial.writeValue("us", control.micros() - before)`);
    // 50 ms of busy waiting: two 20 ms slices each rest 25 ms (20 + the 5 ms yield delay).
    expect(text(result.lines)).toEqual(['ms:50', 'us:50000']);
  });

  it('runs code in parallel, asserts with error code 98, panics', () => {
    const result = run(`control.runInParallel(() => serial.writeLine("parallel"))
basic.pause(10)
control.assert(1 + 1 == 2, "fine")
control.assert(false, "numbers are wrong")
serial.writeLine("never")`);
    expect(text(result.lines)).toEqual(['parallel', 'ASSERTION FAILED', 'numbers are wrong']);
    expect(result.error?.describe()).toBe('PANIC! Code 98 at line 4');
  });

  it('gives each board its own stable serial number and five-letter name', () => {
    const world = new World({ boards: 2 });
    const lines: string[] = [];
    for (const board of world.boards) board.serial.onBatch((b) => lines.push(`${board.id} ${b.data.trim()}`));
    world.start(
      compile(`serial.setWriteLinePadding(0)
serial.writeLine(control.deviceName() + " " + control.deviceSerialNumber() + " " + control.deviceLongSerialNumber().length)`),
    );
    world.advance(10);
    const [one, two] = world.boards;
    expect(lines).toEqual([
      `1 ${friendlyName(one!.serialNumber)} ${one!.serialNumber} 8`,
      `2 ${friendlyName(two!.serialNumber)} ${two!.serialNumber} 8`,
    ]);
    expect(friendlyName(one!.serialNumber)).not.toBe(friendlyName(two!.serialNumber));
  });

  it('makes names of five letters, consonants and vowels taking turns', () => {
    expect(friendlyName(0)).toBe('zuzuz');
    expect(friendlyName(1)).toBe('zuzuv');
    expect(friendlyName(5)).toBe('zuzoz');
    expect(friendlyName(3124)).toBe('tatat');
    expect(friendlyName(-1)).toMatch(/^[zvgpt][uoiea][zvgpt][uoiea][zvgpt]$/);
  });

  it('creates buffers (deprecated names kept)', () => {
    const result = run(`serial.setWriteLinePadding(0)
let b = control.createBuffer(4)
let t = control.createBufferFromUTF8("hé")
serial.writeLine(b.length + " " + t.length + " " + t.toHex())`);
    expect(text(result.lines)).toEqual(['4 3 68c3a9']);
  });
});
