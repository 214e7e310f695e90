// The device library: API functions that are not firmware functions (MakeCode writes them in
// TypeScript and compiles them into every program that uses them). Ours are written here in the
// learner's language subset, compiled with the program by the same front end and back end, and
// only the functions a program reaches end up in its image.
//
// Each `__device_<ns>.<name>` implements the API function `<ns>.<name>`; behaviour follows our
// simulator (packages/boards/microbit/src/api), so a program shows and prints the same on both.

import { BUFFER_LIBRARY_ENTRIES, BUFFER_LIBRARY_SOURCE } from './device-library-buffer.ts';
import { GAME_LIBRARY_ENTRIES, GAME_LIBRARY_SOURCE } from './device-library-game.ts';
import { LIST_LIBRARY_ENTRIES, LIST_LIBRARY_SOURCE } from './device-library-lists.ts';
import { MUSIC_LIBRARY_ENTRIES, MUSIC_LIBRARY_SOURCE } from './device-library-music.ts';
import { RADIO_LIBRARY_ENTRIES, RADIO_LIBRARY_SOURCE } from './device-library-radio.ts';
import { STRING_LIBRARY_ENTRIES, STRING_LIBRARY_SOURCE } from './device-library-string.ts';
import { TEXT_LIBRARY_ENTRIES, TEXT_LIBRARY_SOURCE } from './device-library-text.ts';

/** The file name the device library is compiled under (beside the learner's files). */
export const DEVICE_LIBRARY_FILE = 'blockyard-device.ts';

/** The built-in icons (IconNames order) as 5x5 rows: the same pictures as the simulator's. */
const ICON_ROWS: readonly string[] = [
  '.#.#. ##### ##### .###. ..#..',
  '..... .#.#. .###. ..#.. .....',
  '..... ....# ...#. #.#.. .#...',
  '#...# .#.#. ..#.. .#.#. #...#',
  '..... .#.#. ..... #...# .###.',
  '..... .#.#. ..... .###. #...#',
  '..... .#.#. ..... .#.#. #.#.#',
  '#...# .#.#. ..... ##### #.#.#',
  '..... ##.## ..... .###. .....',
  '.#.#. ..... ..#.. .#.#. ..#..',
  '#...# ..... ##### ...## ...##',
  '##### ##.## ..... .#.#. .###.',
  '##.## ..... ...#. ..#.. .#...',
  '##.## ##### .###. .###. .###.',
  '...## ...## ##### ##### .#.#.',
  '.##.. ###.. .#### .###. .....',
  '..#.. .###. ##### .###. .#.#.',
  '..... .###. ##### .#.#. .....',
  '##.## ##### ..#.. ##### ##.##',
  '..#.. ##### ..#.. .#.#. #...#',
  '.###. #.#.# ##### ##### #.#.#',
  '..#.. ..#.. ..#.. .###. ..#..',
  '##... .#... .#... .###. .#.#.',
  '.###. #.#.# ##### .###. .###.',
  '.###. ##### ..#.. #.#.. ###..',
  '##... ##.## .#.#. .###. .....',
  '#.#.. #.#.. ####. ##.#. ####.',
  '#...# #...# ##### .###. ..#..',
  '..#.. ..#.. ..#.. ###.. ###..',
  '..#.. ..##. ..#.# ###.. ###..',
  '..#.. ..##. ..#.# ###.. ###..',
  '#.#.# #.#.# ##### ..#.. ..#..',
  '..#.. .###. ##.## .###. ..#..',
  '..... ..#.. .#.#. ##### .....',
  '#.... ##... #.#.. #..#. #####',
  '.#.#. #.#.# .#.#. #.#.# .#.#.',
  '..#.. .#.#. #...# .#.#. ..#..',
  '..... ..#.. .#.#. ..#.. .....',
  '##### #...# #...# #...# #####',
  '..... .###. .#.#. .###. .....',
  '##..# ##.#. ..#.. ##.#. ##..#',
];

/** The arrows (ArrowNames order, North clockwise). */
const ARROW_ROWS: readonly string[] = [
  '..#.. .###. #.#.# ..#.. ..#..',
  '..### ...## ..#.# .#... #....',
  '..#.. ...#. ##### ...#. ..#..',
  '#.... .#... ..#.# ...## ..###',
  '..#.. ..#.. #.#.# .###. ..#..',
  '....# ...#. #.#.. ##... ###..',
  '..#.. .#... ##### .#... ..#..',
  '###.. ##... #.#.. ...#. ....#',
];

function picture(rows: string): string {
  return (
    '`' +
    rows
      .split(' ')
      .map((row) => row.split('').join(' '))
      .join('\n') +
    '`'
  );
}

function pictureSwitch(rows: readonly string[]): string {
  return rows.map((r, i) => `      case ${i}: return images.createImage(${picture(r)})`).join('\n');
}

/** A radio packet in the library: 32 bytes on air (MICROBIT_RADIO_MAX_PACKET_SIZE) + 4 of RSSI. */
/** The library's source text. */
export const DEVICE_LIBRARY_SOURCE = `// Blockyard's device library: API functions compiled into the program (not firmware functions).
namespace __device_basic {
  export function showNumber(value: number, interval: number = 150): void {
    let text = "?"
    if (value == value) {
      if (Math.floor(value) == value) text = "" + value
      else text = "" + Math.round(value * 100) / 100
    }
    basic.showString(text, interval)
  }
  export function showIcon(icon: number, interval: number = 600): void {
    __device_images.iconImage(icon).showImage(0, interval)
  }
  export function showArrow(direction: number, interval: number = 600): void {
    __device_images.arrowImage(direction).showImage(0, interval)
  }
}
namespace __device_images {
  export function iconImage(icon: number): Image {
    switch (icon) {
${pictureSwitch(ICON_ROWS)}
    }
    return images.createImage(${picture('..... ..... ..... ..... .....')})
  }
  export function arrowImage(direction: number): Image {
    switch (direction) {
${pictureSwitch(ARROW_ROWS)}
    }
    return images.createImage(${picture('..... ..... ..... ..... .....')})
  }
}
namespace __runtime_helper {
  export function serial_take(): void {}
  export function serial_give(): void {}
}
namespace __firmware_serial {
  export function writeString(text: string): void {}
  export function writeBuffer(buffer: Buffer): void {}
}
namespace __device_serial {
  // writeLine pads each line with spaces to a multiple of this many characters (0: none).
  let padding = 32
  // DAL (V1) drops a write while another fiber's write is still going out (its send answers
  // "in use" and yields until the UART is done), so fibers that print at once lost lines; the
  // simulator prints them all. One writer at a time: the others wait their turn, and a writer
  // that finishes while one waits lets it go first (runtime-helpers.ts, _serial_take and
  // _serial_give, which keep the turn in this variable).
  let busy = false
  export function writeString(text: string): void {
    __runtime_helper.serial_take()
    __firmware_serial.writeString(text)
    __runtime_helper.serial_give()
  }
  export function writeBuffer(buffer: Buffer): void {
    __runtime_helper.serial_take()
    __firmware_serial.writeBuffer(buffer)
    __runtime_helper.serial_give()
  }
  export function setWriteLinePadding(length: number): void {
    padding = Math.max(0, length | 0)
  }
  export function writeNumbers(values: number[]): void {
    if (!values) return
    let text = ""
    for (let i = 0; i < values.length; i++) text = text + (i > 0 ? "," : "") + values[i]
    __device_serial.writeString(text)
    // The padding counts for the empty line after the numbers.
    writeLine("")
  }
  export function writeLine(text: string): void {
    let line = text
    if (!line) line = ""
    let extra = padding > 0 ? (padding - ((line.length + 2) % padding)) % padding : 0
    while (extra > 0) {
      line = line + " "
      extra = extra - 1
    }
    __device_serial.writeString(line + "\\r\\n")
  }
  export function writeNumber(value: number): void {
    __device_serial.writeString("" + value)
  }
  export function writeValue(name: string, value: number): void {
    if (name) writeLine(name + ":" + value)
    else writeLine("" + value)
  }
}
namespace __device_led {
  export function point(x: number, y: number): boolean {
    return led.pointBrightness(x, y) > 0
  }
  export function toggle(x: number, y: number): void {
    if (led.pointBrightness(x, y) > 0) led.unplot(x, y)
    else led.plot(x, y)
  }
}
namespace __device_led {
  export function plotAll(): void {
    for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) led.plotBrightness(x, y, 255)
  }
  export function toggleAll(): void {
    for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) toggle(x, y)
  }
  // The simulator's fade: the brightness moves in steps of 50 ms (none under 20 ms).
  function fade(target: number, ms: number): void {
    let from = led.brightness()
    let started = control.millis()
    let elapsed = 0
    while (ms >= 20 && elapsed < ms) {
      led.setBrightness(from + ((target - from) * elapsed) / ms)
      basic.pause(50)
      elapsed = control.millis() - started
    }
    led.setBrightness(target)
  }
  export function fadeIn(ms?: number): void {
    fade(255, ms === undefined ? 700 : ms | 0)
  }
  export function fadeOut(ms?: number): void {
    fade(0, ms === undefined ? 700 : ms | 0)
  }
}
namespace __device_console {
  // Lines on the serial console, without writeLine's padding.
  export function log(value: any): void {
    __device_serial.writeString("" + value + "\\r\\n")
  }
  export function logValue(name: any, value: any): void {
    __device_serial.writeString("" + name + ": " + value + "\\r\\n")
  }
}
namespace __device_input {
  // The old names of onGesture.
  export function onShake(body: () => void): void {
    input.onGesture(Gesture.Shake, body)
  }
  export function onScreenUp(body: () => void): void {
    input.onGesture(Gesture.ScreenUp, body)
  }
  export function onScreenDown(body: () => void): void {
    input.onGesture(Gesture.ScreenDown, body)
  }
  export function onLogoUp(body: () => void): void {
    input.onGesture(Gesture.LogoUp, body)
  }
  export function onLogoDown(body: () => void): void {
    input.onGesture(Gesture.LogoDown, body)
  }
  // The old name of calibrateCompass; the firmware calibrates when it needs to.
  export function calibrate(): void {}
}
namespace __device_loops {
  // A background fiber that starts the code every interval ms, from the start of one run to the
  // start of the next (a longer run is followed at once by the next), as in the simulator.
  export function everyInterval(interval: number, a: () => void): void {
    if (!a) return
    let period = interval | 0
    control.inBackground(function () {
      while (true) {
        let started = control.millis()
        a()
        basic.pause(Math.max(0, period - (control.millis() - started)))
      }
    })
  }
  export function __timePicker(ms: number): number {
    return ms
  }
}
namespace __device_control {
  export function convertToText(value: any): string {
    return "" + value
  }
  export function runInParallel(a: () => void): void {
    control.inBackground(a)
  }
  // Event sources and values are their numbers already (the blocks pick them from enums).
  export function eventSourceId(id: number): number {
    return id
  }
  export function eventValueId(id: number): number {
    return id
  }
}
namespace __device_serial {
  // The text of a delimiter (a character code); anything else is a new line, as in MakeCode.
  export function delimiters(del: number): string {
    let code = del | 0
    return code > 0 && code < 0x10000 ? String.fromCharCode(code) : "\\n"
  }
}
namespace __device_images {
  export function arrowNumber(arrow: number): number {
    return arrow
  }
}
namespace __device_pins {
  // A pin kept as a value is its number already (the blocks pick it from DigitalPin/AnalogPin).
  export function _digitalPin(pin: number): number {
    return pin
  }
  export function _analogPin(pin: number): number {
    return pin
  }
  // The pin inputs' hidden shadow blocks: the same number.
  export function _digitalPinShadow(pin: number): number {
    return pin
  }
  export function _analogPinShadow(pin: number): number {
    return pin
  }
  export function _analogReadWritePinShadow(pin: number): number {
    return pin
  }
  // Bytes of a NumberFormat: 1 for (U)Int8, 2 for (U)Int16, 4 for (U)Int32 and Float32, 8 for
  // Float64; 0 for a value that is no format (the simulator stops with "bad format").
  export function sizeOf(format: number): number {
    switch (format) {
      case 1: case 2: case 6: case 7: return 1
      case 3: case 4: case 8: case 9: return 2
      case 5: case 10: case 11: case 12: case 13: case 15: return 4
      case 14: case 16: return 8
      default: return 0
    }
  }
  export function map(value: number, fromLow: number, fromHigh: number, toLow: number, toHigh: number): number {
    return ((value - fromLow) * (toHigh - toLow)) / (fromHigh - fromLow) + toLow
  }
}
namespace __device_led {
  let barHigh = 0
  let barHighAt = 0
  export function plotBarGraph(value: number, high: number, valueToConsole?: boolean): void {
    if (valueToConsole !== false) __device_serial.writeString("" + value + "\\r\\n")
    if (value != value) {
      basic.clearScreen()
      return
    }
    let now = control.millis()
    let magnitude = Math.abs(value)
    if (high > 0) barHigh = high
    else if (magnitude > barHigh || now - barHighAt > 10000) {
      barHigh = magnitude
      barHighAt = now
    }
    if (barHigh < 16 * 2.220446049250313e-16) barHigh = 1
    let level = magnitude / barHigh
    let k = 0
    for (let y = 4; y >= 0; y--) {
      for (let d = 0; d < 3; d++) {
        if (k / 16 <= level) {
          led.plot(2 - d, y)
          led.plot(2 + d, y)
        } else {
          led.unplot(2 - d, y)
          led.unplot(2 + d, y)
        }
        k++
      }
    }
  }
}
${MUSIC_LIBRARY_SOURCE}${GAME_LIBRARY_SOURCE}${BUFFER_LIBRARY_SOURCE}${TEXT_LIBRARY_SOURCE}${STRING_LIBRARY_SOURCE}${LIST_LIBRARY_SOURCE}${RADIO_LIBRARY_SOURCE}namespace __device_Math {
  // The math constant block's function: the block stands for its constant (Math.PI, ...).
  export function _constant(value: number): number {
    return value
  }
  export function abs(x: number): number {
    return x < 0 ? -x : x
  }
  export function max(a: number, b: number): number {
    return a > b ? a : b
  }
  export function min(a: number, b: number): number {
    return a < b ? a : b
  }
  // The blocks "constrain" and "pick random true or false", and roundWithPrecision, as the
  // simulator's (math.ts): rounding as the device's Math.round, the scale made by tens (exact).
  export function constrain(value: number, low: number, high: number): number {
    return value < low ? low : value > high ? high : value
  }
  export function randomBoolean(): boolean {
    return Math.random() < 0.5
  }
  export function roundWithPrecision(value: number, digits: number): number {
    let places = Math.trunc(digits)
    if (!(places > 0)) return Math.round(value)
    let factor = 1
    for (let i = 0; i < places && factor != Infinity; i++) factor = factor * 10
    return Math.round(value * factor) / factor
  }
  // Other counts than two (the code generator passes the values as a list): as the simulator,
  // each value against the best so far; none gives -Infinity (max) or Infinity (min).
  export function maxOf(values: number[]): number {
    if (values.length == 0) return -Infinity
    let best = values[0]
    for (let i = 1; i < values.length; i++) best = best > values[i] ? best : values[i]
    return best
  }
  export function minOf(values: number[]): number {
    if (values.length == 0) return Infinity
    let best = values[0]
    for (let i = 1; i < values.length; i++) best = best < values[i] ? best : values[i]
    return best
  }
  export function sign(x: number): number {
    return x > 0 ? 1 : x < 0 ? -1 : 0
  }
  export function map(value: number, fromLow: number, fromHigh: number, toLow: number, toHigh: number): number {
    return ((value - fromLow) * (toHigh - toLow)) / (fromHigh - fromLow) + toLow
  }
  // The firmware's pow (the C library's) where it parts from JavaScript's on the board (and on
  // MakeCode's): pow(x, 0.5) can miss the square root by its last bit (pow(2^30, 0.5) is
  // 32767.999999999996, so Math.floor gives 32767), and a negative base to an exponent from 2^53
  // up (always even) gives a negative result. Other fractional exponents can still differ in the
  // last printed digit (divergences-in-qemu.test.ts).
  export function pow(x: number, y: number): number {
    // (The firmware's pow(-Infinity, 0.5) is NaN too; only -Infinity is below -MAX_VALUE.)
    if (y == 0.5) return x == 0 ? 0 : x < -1.7976931348623157e308 ? Infinity : Math.sqrt(x)
    if (x < 0 && (y >= 9007199254740992 || y <= -9007199254740992)) return __firmware_Math_.pow(-x, y)
    return __firmware_Math_.pow(x, y)
  }
}
namespace __firmware_Math_ {
  export function pow(x: number, y: number): number {
    return 0
  }
}
`;

/** API name -> the device library function (IR name) that implements it. */
export const DEVICE_LIBRARY_FUNCTIONS: ReadonlyMap<string, string> = new Map(
  [
    'basic.showNumber',
    'basic.showIcon',
    'basic.showArrow',
    'images.iconImage',
    'images.arrowImage',
    'serial.writeLine',
    'serial.writeString',
    'serial.writeBuffer',
    'serial.writeNumber',
    'serial.writeValue',
    'led.point',
    'led.toggle',
    'led.plotBarGraph',
    'led.plotAll',
    'led.toggleAll',
    'led.fadeIn',
    'led.fadeOut',
    'serial.writeNumbers',
    'serial.setWriteLinePadding',
    'console.log',
    'console.logValue',
    'input.onShake',
    'input.onScreenUp',
    'input.onScreenDown',
    'input.onLogoUp',
    'input.onLogoDown',
    'input.calibrate',
    'loops.everyInterval',
    'loops.__timePicker',
    'control.runInParallel',
    'convertToText:control.convertToText',
    'images.arrowNumber',
    'pins.map',
    'pins.sizeOf',
    'pins._digitalPin',
    'pins._analogPin',
    'pins._digitalPinShadow',
    'pins._analogPinShadow',
    'pins._analogReadWritePinShadow',
    'control.eventSourceId',
    'control.eventValueId',
    'serial.delimiters',
    ...MUSIC_LIBRARY_ENTRIES,
    ...GAME_LIBRARY_ENTRIES,
    ...BUFFER_LIBRARY_ENTRIES,
    ...TEXT_LIBRARY_ENTRIES,
    ...STRING_LIBRARY_ENTRIES,
    ...LIST_LIBRARY_ENTRIES,
    ...RADIO_LIBRARY_ENTRIES,
    'Math.abs',
    'Math.max',
    'Math.min',
    'Math.sign',
    'Math.map',
    'Math.constrain',
    'Math.randomBoolean',
    'Math.roundWithPrecision',
    'Math.pow',
    'Math._constant',
  ].map((entry) => {
    // `api.name`, `api.name:libraryName` (one library function serves an older name too) or
    // `Api:namespace.libraryName` (a class of the API whose constructor is a library function).
    const [name, member] = entry.split(':') as [string, string | undefined];
    if (member?.includes('.')) return [name, `__device_${member}`] as const;
    const dot = name.indexOf('.');
    return [name, `__device_${name.slice(0, dot)}.${member ?? name.slice(dot + 1)}`] as const;
  }),
);
