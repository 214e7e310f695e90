import { describe, expect, it } from 'vitest';
import { RtBuffer } from '../buffer/rt-buffer.ts';
import { DebugValues, MAX_CHILDREN, MAX_TEXT } from './debug-values.ts';

describe('DebugValues', () => {
  it('describes plain values with their type and no children', () => {
    const values = new DebugValues();
    expect(values.describe('n', 3.5)).toEqual({ name: 'n', value: '3.5', type: 'number', ref: 0 });
    expect(values.describe('b', false)).toMatchObject({ value: 'false', type: 'boolean', ref: 0 });
    expect(values.describe('s', 'hi "you"')).toMatchObject({ value: '"hi \\"you\\""', type: 'string', ref: 0 });
    expect(values.describe('u', undefined)).toMatchObject({ value: 'undefined', type: 'undefined' });
    expect(values.describe('z', null)).toMatchObject({ value: 'null', type: 'null' });
    expect(values.describe('f', function blink() {})).toMatchObject({ value: 'function blink', type: 'function' });
  });

  it('opens lists, objects, buffers and long strings by reference, capped', () => {
    const values = new DebugValues();
    const list = values.describe('list', [1, 'two', [3], { four: 4 }, 5, 6]);
    expect(list).toMatchObject({ value: '[1, "two", […], {…}, 5, … (6 items)]', type: 'list' });
    expect(values.children(list.ref).map((v) => v.value)).toEqual(['1', '"two"', '[3]', 'object', '5', '6']);
    class Sprite {
      x = 2;
    }
    const sprite = values.describe('s', new Sprite());
    expect(sprite).toMatchObject({ value: 'Sprite', type: 'object' });
    expect(values.children(sprite.ref)).toEqual([{ name: 'x', value: '2', type: 'number', ref: 0 }]);
    const buffer = values.describe('buf', new RtBuffer(new Uint8Array([7, 8])));
    expect(buffer).toMatchObject({ value: 'buffer (2 bytes)', type: 'buffer' });
    expect(values.children(buffer.ref).map((v) => v.value)).toEqual(['7', '8']);
    const long = values.describe('text', 'a'.repeat(MAX_TEXT * 2 + 1));
    expect(long.ref).toBeGreaterThan(0);
    expect(values.children(long.ref)).toHaveLength(3);
    const big = values.describe(
      'big',
      Array.from({ length: MAX_CHILDREN + 50 }, (_, i) => i),
    );
    expect(values.children(big.ref)).toHaveLength(MAX_CHILDREN);
    expect(values.describe('empty', []).ref).toBe(0);
  });

  it('forgets every reference when cleared', () => {
    const values = new DebugValues();
    const list = values.describe('list', [1]);
    values.clear();
    expect(values.children(list.ref)).toEqual([]);
    expect(values.children(12345)).toEqual([]);
  });
});
