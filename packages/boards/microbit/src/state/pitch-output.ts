// The tone the program drives on a pin with pins.analogPitch: which pin (analogSetPitchPin,
// setAudioPin; P0 until changed), its volume, and a record of every pitch played (frequency,
// start, duration) so tests and tools can check what was heard.
import { PIN_ID_BASE } from './pins.ts';

export interface PitchRecord {
  /** Hz. */
  frequency: number;
  /** Clock time (ms) when the pitch started. */
  start: number;
  /** How long it sounded (ms); undefined while it is still sounding. */
  duration: number | undefined;
  /** Pin id (AnalogPin value) it was played on. */
  pin: number;
}

export class PitchOutput {
  /** AnalogPin value the pitch comes out of. */
  pin = PIN_ID_BASE;
  /** 0-255 (pins.analogSetPitchVolume). */
  volume = 255;
  /** Whether sound may use the edge connector at all (pins.setAudioPinEnabled). */
  pinEnabled = true;
  readonly played: PitchRecord[] = [];

  /** Starts `frequency` at `now`; a frequency of 0 or less (or volume 0) is silence. */
  start(frequency: number, now: number): PitchRecord | undefined {
    this.stop(now);
    if (!(frequency > 0) || this.volume === 0) return undefined;
    const record: PitchRecord = { frequency, start: now, duration: undefined, pin: this.pin };
    this.played.push(record);
    return record;
  }

  /** Ends the pitch that is sounding, if any. */
  stop(now: number): void {
    const last = this.played[this.played.length - 1];
    if (last && last.duration === undefined) last.duration = now - last.start;
  }

  reset(): void {
    this.pin = PIN_ID_BASE;
    this.volume = 255;
    this.pinEnabled = true;
  }
}
