// Where pins.analogPitch sounds: the pitch pin (analogSetPitchPin, setAudioPin; P0 until
// changed), its volume and whether the edge connector is used at all. The tones themselves go
// through the board's Speaker (source 'pitch'), which also records them.
import { PIN_ID_BASE } from './pins.ts';

export class PitchOutput {
  /** AnalogPin value the pitch comes out of. */
  pin = PIN_ID_BASE;
  /** 0-255 (pins.analogSetPitchVolume); 0 silences analogPitch. */
  volume = 255;
  /** Whether sound may use the edge connector at all (pins.setAudioPinEnabled). */
  pinEnabled = true;

  reset(): void {
    this.pin = PIN_ID_BASE;
    this.volume = 255;
    this.pinEnabled = true;
  }
}
