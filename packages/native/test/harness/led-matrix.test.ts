import { describe, expect, it } from 'vitest';
import { LedMatrixDecoder, v1LedAt, V1_COLUMN_PINS, V1_ROW_PINS } from './led-matrix.ts';

/** The events QEMU reports for one GPIO write of `row` with the columns of `lit` low. */
function strobe(state: Map<number, 0 | 1>, row: number, lit: Set<number>): string[] {
  const next = new Map(state);
  V1_ROW_PINS.forEach((pin, i) => next.set(pin, i === row ? 1 : 0));
  V1_COLUMN_PINS.forEach((pin, c) => next.set(pin, lit.has(c) ? 0 : 1));
  const events: string[] = [];
  for (let pin = 0; pin < 32; pin++) {
    const before = state.get(pin) ?? (V1_COLUMN_PINS.includes(pin as 4) ? 1 : 0);
    const after = next.get(pin) ?? before;
    if (before !== after) events.push(`IRQ ${after ? 'raise' : 'lower'} ${pin}`);
    state.set(pin, after);
  }
  return events;
}

/** Scan cycles showing a 5x5 picture the way the DAL drives it. */
function scan(picture: readonly string[], cycles: number, state = new Map<number, 0 | 1>()): string[] {
  const events: string[] = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    for (let row = 0; row < 3; row++) {
      const lit = new Set<number>();
      for (let column = 0; column < 9; column++) {
        const led = v1LedAt(column, row);
        if (led && picture[led[1]]![led[0]] === '#') lit.add(column);
      }
      events.push(...strobe(state, row, lit));
    }
  }
  return events;
}

const HEART = ['.#.#.', '#####', '#####', '.###.', '..#..'];
const CROSS = ['#...#', '.#.#.', '..#..', '.#.#.', '#...#'];

describe('LedMatrixDecoder', () => {
  it('maps all 25 LEDs exactly once', () => {
    const seen = new Set<string>();
    for (let c = 0; c < 9; c++)
      for (let r = 0; r < 3; r++) {
        const led = v1LedAt(c, r);
        if (led) seen.add(led.join(','));
      }
    expect(seen.size).toBe(25);
    expect(v1LedAt(0, 0)).toEqual([0, 0]);
  });

  it('decodes pictures, once each, ignoring the states between rows', () => {
    const decoder = new LedMatrixDecoder();
    const state = new Map<number, 0 | 1>();
    for (const line of [...scan(HEART, 4, state), ...scan(CROSS, 4, state)]) decoder.event(line);
    expect(decoder.frames).toEqual([HEART, CROSS]);
  });

  it('waits for a picture to hold for two cycles before reporting it', () => {
    const decoder = new LedMatrixDecoder();
    const state = new Map<number, 0 | 1>();
    for (const line of [...scan(HEART, 1, state), ...scan(CROSS, 1, state)]) decoder.event(line);
    expect(decoder.frames).toEqual([]);
  });
});
