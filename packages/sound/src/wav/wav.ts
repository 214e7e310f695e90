// WAV files: mono 16-bit PCM at 44.1 kHz (what the CLI writes), as a pure function on bytes.
import { SAMPLE_RATE } from '../constants.ts';

const HEADER_BYTES = 44;

/** Encodes mono samples in [-1, 1] (values outside are clipped) as a 16-bit PCM WAV file. */
export function encodeWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Uint8Array {
  const dataBytes = samples.length * 2;
  const out = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const x = Math.max(-1, Math.min(1, samples[i] as number));
    view.setInt16(HEADER_BYTES + i * 2, Math.round(x < 0 ? x * 0x8000 : x * 0x7fff), true);
  }
  return out;
}

export interface DecodedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** The first channel, scaled to [-1, 1]. */
  samples: Float32Array;
}

/** Reads a 16-bit PCM WAV file (the kind `encodeWav` writes); throws on anything else. */
export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number, length: number): string => String.fromCharCode(...bytes.subarray(at, at + length));
  if (bytes.length < 12 || text(0, 4) !== 'RIFF' || text(8, 4) !== 'WAVE') throw new Error('Not a WAV file.');
  let at = 12;
  let format: { channels: number; sampleRate: number; bits: number; pcm: boolean } | undefined;
  while (at + 8 <= bytes.length) {
    const id = text(at, 4);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      format = {
        pcm: view.getUint16(body, true) === 1,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format || !format.pcm || format.bits !== 16) throw new Error('Only 16-bit PCM WAV files are supported.');
      const frames = Math.floor(Math.min(size, bytes.length - body) / (2 * format.channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = view.getInt16(body + i * 2 * format.channels, true) / 0x8000;
      return { sampleRate: format.sampleRate, channels: format.channels, bitsPerSample: format.bits, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error('The WAV file has no data chunk.');
}
