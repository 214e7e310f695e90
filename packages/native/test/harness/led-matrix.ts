/**
 * Decodes the micro:bit V1 LED matrix from GPIO output changes.
 *
 * V1 wires its 25 LEDs as 3 rows x 9 columns: rows on GPIO 13-15 (an LED lights when its row is
 * high), columns on GPIO 4-12 (and its column low). The DAL lights one row at a time, writing the
 * row bit and that row's column pattern in one GPIO write. Which LED sits at (row, column) is the
 * DAL's matrix map for the V1 board (MICROBIT_SB2, the default display type in MicroBitConfig.h;
 * table microbitDisplayMap in MicroBitMatrixMaps.h, indexed column * 3 + row).
 */

export const V1_ROW_PINS = [13, 14, 15] as const;
export const V1_COLUMN_PINS = [4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** [x, y] of the LED at column c (index c) and row r (index r of the inner list); null: no LED. */
const V1_MATRIX_MAP: readonly (readonly ([number, number] | null)[])[] = [
  [
    [0, 0],
    [4, 2],
    [2, 4],
  ],
  [
    [2, 0],
    [0, 2],
    [4, 4],
  ],
  [
    [4, 0],
    [2, 2],
    [0, 4],
  ],
  [
    [4, 3],
    [1, 0],
    [0, 1],
  ],
  [
    [3, 3],
    [3, 0],
    [1, 1],
  ],
  [
    [2, 3],
    [3, 4],
    [2, 1],
  ],
  [
    [1, 3],
    [1, 4],
    [3, 1],
  ],
  [[0, 3], null, [4, 1]],
  [[1, 2], null, [3, 2]],
];

/** The LED at a matrix position (for tests and for drawing). */
export function v1LedAt(column: number, row: number): [number, number] | null {
  return V1_MATRIX_MAP[column]?.[row] ?? null;
}

/** A 5x5 frame as five rows of '#' (lit) and '.', like MakeCode's image literals. */
export type LedFrame = readonly string[];

export function frameText(frame: LedFrame): string {
  return frame.join('\n');
}

/** Lit pictures in the order shown, each once (a repeat only after another picture). */
export function litSequence(frames: readonly LedFrame[]): string[] {
  const out: string[] = [];
  for (const frame of frames) {
    const text = frameText(frame);
    if (text.includes('#') && out.at(-1) !== text) out.push(text);
  }
  return out;
}

/**
 * Feed it pin changes in the order QEMU reports them; it emits a frame whenever the picture has
 * been the same for two whole scan cycles and differs from the last one emitted. Transitional
 * states are ignored: a row's columns are sampled at the moment it becomes the only lit row (QEMU
 * applies one GPIO write pin by pin in ascending order, so the columns for the next row change
 * while the old row is still high).
 */
export class LedMatrixDecoder {
  private readonly pins = new Uint8Array(32);
  private readonly rowColumns: (number | null)[] = [null, null, null];
  private sampledThisCycle = 0;
  private lastCycle: string | null = null;
  private lastEmitted: string | null = null;
  readonly frames: LedFrame[] = [];

  constructor(private readonly onFrame?: (frame: LedFrame) => void) {
    // Columns idle high (off).
    for (const pin of V1_COLUMN_PINS) this.pins[pin] = 1;
  }

  pinChanged(pin: number, level: 0 | 1): void {
    if (pin < 0 || pin > 31) return;
    this.pins[pin] = level;
    if (level !== 1) return;
    const rowIndex = V1_ROW_PINS.indexOf(pin as 13 | 14 | 15);
    if (rowIndex < 0) return;
    if (V1_ROW_PINS.some((p, i) => i !== rowIndex && this.pins[p] === 1)) return;
    this.sample(rowIndex);
  }

  /** A row pin fell and left exactly one row lit (the row 2 -> row 0 step raises 13 before 15 falls). */
  pinFell(pin: number): void {
    if (!V1_ROW_PINS.includes(pin as 13 | 14 | 15)) return;
    const lit = V1_ROW_PINS.map((p, i) => (this.pins[p] === 1 ? i : -1)).filter((i) => i >= 0);
    if (lit.length === 1) this.sample(lit[0]!);
  }

  /** Applies one event line from QEMU's qtest output (`IRQ raise N` / `IRQ lower N`). */
  event(line: string): void {
    const m = /^IRQ (raise|lower) (\d+)$/.exec(line.trim());
    if (!m) return;
    const pin = Number(m[2]);
    if (m[1] === 'raise') this.pinChanged(pin, 1);
    else {
      this.pinChanged(pin, 0);
      this.pinFell(pin);
    }
  }

  private sample(row: number): void {
    let mask = 0;
    V1_COLUMN_PINS.forEach((pin, column) => {
      if (this.pins[pin] === 0) mask |= 1 << column;
    });
    this.rowColumns[row] = mask;
    this.sampledThisCycle |= 1 << row;
    if (row !== 2 || this.sampledThisCycle !== 0b111) return;
    this.sampledThisCycle = 0;
    const picture = this.compose();
    const key = frameText(picture);
    if (key === this.lastCycle && key !== this.lastEmitted) {
      this.lastEmitted = key;
      this.frames.push(picture);
      this.onFrame?.(picture);
    }
    this.lastCycle = key;
  }

  private compose(): LedFrame {
    const grid = Array.from({ length: 5 }, () => ['.', '.', '.', '.', '.']);
    this.rowColumns.forEach((mask, row) => {
      if (mask === null) return;
      for (let column = 0; column < 9; column++) {
        if (!(mask & (1 << column))) continue;
        const led = v1LedAt(column, row);
        if (led) grid[led[1]]![led[0]] = '#';
      }
    });
    return grid.map((r) => r.join(''));
  }
}
