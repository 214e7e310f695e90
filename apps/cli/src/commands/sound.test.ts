import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSoundEffect, decodeWav, WaveShape } from '@blockyard/sound';
import { main } from '../main.ts';

const dirs: string[] = [];
function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'blockyard-sound-'));
  dirs.push(dir);
  const out: string[] = [];
  const err: string[] = [];
  return { dir, out, err, io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd: dir } };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Frequency from rising zero crossings. */
function pitch(samples: Float32Array, from: number, to: number): number {
  const crossings: number[] = [];
  for (let i = from + 1; i < to; i++)
    if ((samples[i - 1] as number) < 0 && (samples[i] as number) >= 0) crossings.push(i);
  return ((crossings.length - 1) * 44100) / ((crossings[crossings.length - 1] as number) - (crossings[0] as number));
}

describe('blockyard sound', () => {
  it('renders a sound expression into a mono 16-bit 44.1 kHz WAV of the right length and pitch', async () => {
    const { dir, io, out } = workspace();
    const expression = createSoundEffect({
      waveShape: WaveShape.Sine,
      startFrequency: 440,
      endFrequency: 440,
      startVolume: 255,
      endVolume: 255,
      durationMs: 300,
    });
    expect(await main(['sound', expression, '-o', 'beep.wav'], io)).toBe(0);
    expect(out.join('')).toContain('beep.wav');
    const bytes = readFileSync(join(dir, 'beep.wav'));
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    const wav = decodeWav(new Uint8Array(bytes));
    expect([wav.sampleRate, wav.channels, wav.bitsPerSample]).toEqual([44100, 1, 16]);
    expect(wav.samples.length).toBe(13230);
    expect(Math.abs(pitch(wav.samples, 100, 13000) - 440)).toBeLessThan(4.4);
    expect(Math.max(...wav.samples.map(Math.abs))).toBeGreaterThan(0.25);
  });

  it('accepts a built-in effect name and a seed, and writes the same file twice', async () => {
    const { dir, io } = workspace();
    expect(await main(['sound', 'giggle', '-o', 'a.wav', '--seed', '3'], io)).toBe(0);
    expect(await main(['sound', 'giggle', '-o', 'b.wav', '--seed', '3'], io)).toBe(0);
    const a = readFileSync(join(dir, 'a.wav'));
    expect(a.length).toBeGreaterThan(44 + 2 * 4410);
    expect(a.equals(readFileSync(join(dir, 'b.wav')))).toBe(true);
  });

  it('explains an invalid expression and exits 1 without writing a file', async () => {
    const { dir, io, err } = workspace();
    expect(await main(['sound', '1234', '-o', 'x.wav'], io)).toBe(1);
    expect(err.join('')).toMatch(/not a sound expression.*only 4 digits long/s);
    expect(err.join('')).toContain('giggle');
    expect(() => readFileSync(join(dir, 'x.wav'))).toThrow();
  });

  it('requires the output file, and rejects a bad seed', async () => {
    const { io, err } = workspace();
    expect(await main(['sound', 'giggle'], io)).toBe(1);
    expect(err.join('')).toContain('--output');
    expect(await main(['sound', 'giggle', '-o', 'x.wav', '--seed', 'abc'], io)).toBe(1);
    expect(err.join('')).toContain('--seed takes a whole number');
  });

  it('exits 2 when the file cannot be written', async () => {
    const { io, err } = workspace();
    expect(await main(['sound', 'giggle', '-o', 'missing-dir/x.wav'], io)).toBe(2);
    expect(err.join('')).toContain('could not write');
  });
});
