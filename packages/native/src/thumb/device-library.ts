// The device library: API functions that are not firmware functions (MakeCode writes them in
// TypeScript and compiles them into every program that uses them). Ours are written here in the
// learner's language subset, compiled with the program by the same front end and back end, and
// only the functions a program reaches end up in its image.
//
// Each `__device_<ns>.<name>` implements the API function `<ns>.<name>`; behaviour follows our
// simulator (packages/boards/microbit/src/api), so a program shows and prints the same on both.

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

/** Test access to the pictures (they must equal the simulator's). */
export const DEVICE_ICON_ROWS = ICON_ROWS;
export const DEVICE_ARROW_ROWS = ARROW_ROWS;

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
namespace __device_serial {
  export function writeLine(text: string): void {
    let line = text
    if (!line) line = ""
    let extra = (32 - ((line.length + 2) % 32)) % 32
    while (extra > 0) {
      line = line + " "
      extra = extra - 1
    }
    serial.writeString(line + "\\r\\n")
  }
  export function writeNumber(value: number): void {
    serial.writeString("" + value)
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
  let barHigh = 0
  let barHighAt = 0
  export function plotBarGraph(value: number, high: number, valueToConsole?: boolean): void {
    if (valueToConsole !== false) serial.writeString("" + value + "\\r\\n")
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
namespace __device_music {
  let bpm = 120
  export function tempo(): number {
    return bpm > 0 ? bpm : 120
  }
  export function setTempo(value: number): void {
    if (value > 0) bpm = Math.max(1, value)
  }
  export function changeTempoBy(delta: number): void {
    setTempo(tempo() + delta)
  }
  export function beat(fraction: number = 1): number {
    let whole = Math.trunc(60000 / tempo())
    switch (fraction) {
      case 2: return whole >> 1
      case 4: return whole >> 2
      case 8: return whole >> 3
      case 16: return whole >> 4
      case 32: return whole << 1
      case 64: return whole << 2
      default: return whole
    }
  }
  export function playTone(frequency: number, ms: number): void {
    pins.analogPitch(frequency, ms)
  }
  // A Note is its frequency in hertz (the block only picks one).
  export function noteFrequency(name: number): number {
    return name
  }
  export function rest(ms: number): void {
    pins.analogPitch(0, ms)
  }
}
namespace __device_Math {
  export function abs(x: number): number {
    return x < 0 ? -x : x
  }
  export function max(a: number, b: number): number {
    return a > b ? a : b
  }
  export function min(a: number, b: number): number {
    return a < b ? a : b
  }
  export function sign(x: number): number {
    return x > 0 ? 1 : x < 0 ? -1 : 0
  }
  export function map(value: number, fromLow: number, fromHigh: number, toLow: number, toHigh: number): number {
    return ((value - fromLow) * (toHigh - toLow)) / (fromHigh - fromLow) + toLow
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
    'serial.writeNumber',
    'serial.writeValue',
    'led.point',
    'led.toggle',
    'led.plotBarGraph',
    'music.tempo',
    'music.setTempo',
    'music.changeTempoBy',
    'music.beat',
    'music.noteFrequency',
    'music.playTone',
    'music.rest',
    'Math.abs',
    'Math.max',
    'Math.min',
    'Math.sign',
    'Math.map',
  ].map((name) => {
    const dot = name.indexOf('.');
    return [name, `__device_${name.slice(0, dot)}.${name.slice(dot + 1)}`] as const;
  }),
);
