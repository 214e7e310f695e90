// Sound instructions: MakeCode's 12-byte records that instruments and drums render into
// (spec 002 §9 "Sound instructions are 12 bytes each"). Layout, little-endian:
//   0 wave (mixer code, 0 = rest)   1 flags (unused, 0)   2 start frequency (Hz, u16)
//   4 duration (ms, u16)            6 start volume (0-1024, u16)
//   8 end volume (0-1024, u16)     10 end frequency (Hz, u16)
import { INSTRUCTION_GAIN, SAMPLE_RATE, VOLUME_SCALE } from '../constants.ts';
import type { Segment } from '../synth/segment.ts';
import { instructionWaveShape, isInstructionSquare } from '../synth/waveform.ts';

export const SOUND_INSTRUCTION_BYTES = 12;

export interface SoundInstruction {
  /** Mixer wave code (see `InstructionWave`); 0 is a rest. */
  wave: number;
  /** Start frequency in Hz. */
  frequency: number;
  /** End frequency in Hz; the pitch glides linearly between the two. */
  endFrequency: number;
  durationMs: number;
  /** Volumes on the 0-1024 scale; the loudness ramps linearly between them. */
  startVolume: number;
  endVolume: number;
}

const u16 = (value: number): number => Math.max(0, Math.min(0xffff, Math.round(Number.isFinite(value) ? value : 0)));

/** Packs instructions into MakeCode's byte layout. Values are rounded and clamped to 0-65535. */
export function encodeSoundInstructions(instructions: readonly SoundInstruction[]): Uint8Array {
  const out = new Uint8Array(instructions.length * SOUND_INSTRUCTION_BYTES);
  const view = new DataView(out.buffer);
  instructions.forEach((instruction, i) => {
    const at = i * SOUND_INSTRUCTION_BYTES;
    out[at] = Math.max(0, Math.min(255, Math.round(instruction.wave)));
    out[at + 1] = 0;
    view.setUint16(at + 2, u16(instruction.frequency), true);
    view.setUint16(at + 4, u16(instruction.durationMs), true);
    view.setUint16(at + 6, u16(instruction.startVolume), true);
    view.setUint16(at + 8, u16(instruction.endVolume), true);
    view.setUint16(at + 10, u16(instruction.endFrequency), true);
  });
  return out;
}

/** Reads every whole 12-byte record; a trailing partial record (MakeCode's terminator) is ignored. */
export function decodeSoundInstructions(bytes: Uint8Array): SoundInstruction[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const result: SoundInstruction[] = [];
  for (let at = 0; at + SOUND_INSTRUCTION_BYTES <= bytes.length; at += SOUND_INSTRUCTION_BYTES) {
    result.push({
      wave: bytes[at] as number,
      frequency: view.getUint16(at + 2, true),
      durationMs: view.getUint16(at + 4, true),
      startVolume: view.getUint16(at + 6, true),
      endVolume: view.getUint16(at + 8, true),
      endFrequency: view.getUint16(at + 10, true),
    });
  }
  return result;
}

/** Total length of a list of instructions in milliseconds. */
export function soundInstructionsDurationMs(instructions: readonly SoundInstruction[]): number {
  return instructions.reduce((sum, instruction) => sum + Math.max(0, instruction.durationMs), 0);
}

function volumeToGain(volume: number, square: boolean): number {
  const v = Math.max(0, Math.min(VOLUME_SCALE, volume)) / VOLUME_SCALE;
  return v * INSTRUCTION_GAIN * (square ? 0.5 : 1);
}

/**
 * Translates instructions into synthesizer segments. Segment boundaries are placed on the running
 * total of milliseconds, so rounding never makes a long sequence drift.
 */
export function instructionsToSegments(instructions: readonly SoundInstruction[], sampleRate = SAMPLE_RATE): Segment[] {
  const segments: Segment[] = [];
  let elapsedMs = 0;
  let startSample = 0;
  for (const instruction of instructions) {
    elapsedMs += Math.max(0, instruction.durationMs);
    const endSample = Math.round((elapsedMs * sampleRate) / 1000);
    const square = isInstructionSquare(instruction.wave);
    const rest = instruction.wave === 0;
    segments.push({
      samples: endSample - startSample,
      shape: instructionWaveShape(instruction.wave),
      startFrequency: Math.max(0, instruction.frequency),
      endFrequency: Math.max(0, instruction.endFrequency),
      startGain: rest ? 0 : volumeToGain(instruction.startVolume, square),
      endGain: rest ? 0 : volumeToGain(instruction.endVolume, square),
    });
    startSample = endSample;
  }
  return segments;
}
