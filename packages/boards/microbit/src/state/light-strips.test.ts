import { describe, expect, it } from 'vitest';
import { LightStrips, MAX_LIGHT_STRIPS, MAX_STRIP_LEDS } from './light-strips.ts';

const hex = (strips: LightStrips, index = 0) =>
  strips.list()[index]!.colours.map((c) => c.toString(16).padStart(6, '0'));

describe('LightStrips', () => {
  it('reads green, red, blue per LED by default and tells its listeners', () => {
    const strips = new LightStrips();
    let heard = 0;
    strips.onChange(() => heard++);
    strips.send(100, new Uint8Array([0x10, 0x20, 0x30, 0xff, 0, 0]));
    expect(hex(strips)).toEqual(['201030', '00ff00']);
    expect(heard).toBe(1);
    expect(strips.changes).toBe(1);
  });

  it('replaces a strip on the same pin and keeps strips on other pins', () => {
    const strips = new LightStrips();
    strips.send(100, new Uint8Array([0, 255, 0]));
    strips.send(101, new Uint8Array([255, 0, 0]));
    strips.send(100, new Uint8Array([0, 0, 255, 0, 0, 0]));
    expect(strips.list().map((s) => s.pin)).toEqual([100, 101]);
    expect(hex(strips, 0)).toEqual(['0000ff', '000000']);
    expect(hex(strips, 1)).toEqual(['00ff00']);
  });

  it('follows setMode: red-green-blue, and green-red-blue-white with the white added', () => {
    const strips = new LightStrips();
    strips.setMode(100, 3);
    strips.send(100, new Uint8Array([0xff, 0x80, 0x00]));
    expect(hex(strips)).toEqual(['ff8000']);
    strips.setMode(101, 2);
    strips.send(101, new Uint8Array([0x00, 0x10, 0x00, 0x20, 0x00, 0x00, 0xff, 0x00]));
    expect(hex(strips, 1)).toEqual(['302020', '0000ff']);
    strips.setMode(102, 99);
    strips.send(102, new Uint8Array([1, 2, 3]));
    expect(hex(strips, 2)).toEqual(['020103']);
  });

  it('scales by a brightness and ignores a trailing partial LED', () => {
    const strips = new LightStrips();
    strips.send(100, new Uint8Array([0xff, 0x80, 0x00, 0xff]), 128);
    expect(hex(strips)).toEqual(['408000']);
    strips.send(100, new Uint8Array([0xff, 0xff, 0xff]), 999);
    expect(hex(strips)).toEqual(['ffffff']);
  });

  it('keeps at most its strips and LEDs', () => {
    const strips = new LightStrips();
    for (let pin = 100; pin < 100 + MAX_LIGHT_STRIPS + 2; pin++) strips.send(pin, new Uint8Array(3));
    expect(strips.list()).toHaveLength(MAX_LIGHT_STRIPS);
    strips.send(100, new Uint8Array((MAX_STRIP_LEDS + 10) * 3));
    expect(strips.list()[0]!.colours).toHaveLength(MAX_STRIP_LEDS);
  });

  it('forgets strips and modes on reset', () => {
    const strips = new LightStrips();
    strips.setMode(100, 3);
    strips.send(100, new Uint8Array([1, 2, 3]));
    strips.reset();
    expect(strips.list()).toEqual([]);
    strips.send(100, new Uint8Array([1, 2, 3]));
    expect(hex(strips)).toEqual(['020103']);
  });
});
