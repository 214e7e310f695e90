import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav } from './wav.ts';

describe('WAV', () => {
  it('writes a 44-byte mono 16-bit 44.1 kHz PCM header', () => {
    const bytes = encodeWav(new Float32Array(10));
    const view = new DataView(bytes.buffer);
    const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
    expect(bytes).toHaveLength(44 + 20);
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(36 + 20);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(44100);
    expect(view.getUint32(28, true)).toBe(88200);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(20);
  });

  it('stores samples as 16-bit integers, clipping outside [-1, 1], and reads them back', () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1, 2, -2]);
    const bytes = encodeWav(samples);
    const view = new DataView(bytes.buffer);
    expect([1, 2, 3, 4, 5, 6].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      16384, -16384, 32767, -32768, 32767, -32768,
    ]);
    const decoded = decodeWav(bytes);
    expect(decoded.sampleRate).toBe(44100);
    expect(decoded.channels).toBe(1);
    expect(decoded.samples[1]).toBeCloseTo(0.5, 4);
    expect(decoded.samples[2]).toBeCloseTo(-0.5, 4);
  });

  it('refuses files that are not 16-bit PCM WAV', () => {
    expect(() => decodeWav(new Uint8Array([1, 2, 3]))).toThrow(/Not a WAV/);
  });
});
