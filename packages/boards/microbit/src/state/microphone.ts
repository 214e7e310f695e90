// The V2 microphone's loud/quiet detection: the sound level (0-255, a sensor reading) is
// compared with two thresholds; passing above the loud one raises "loud", dropping below the
// quiet one raises "quiet", each once until the other has happened (or the level has been in
// between). Events come from the level detector (source 21) with the DetectedSound value.
import type { Sensors } from './sensors.ts';

export const SOUND_EVENT = { source: 21, quiet: 1, loud: 2 } as const;
const DEFAULT_LOUD_THRESHOLD = 128;
const DEFAULT_QUIET_THRESHOLD = 64;

type Loudness = 'loud' | 'quiet' | 'between';

export class Microphone {
  loudThreshold = DEFAULT_LOUD_THRESHOLD;
  quietThreshold = DEFAULT_QUIET_THRESHOLD;
  private state: Loudness;

  constructor(
    private readonly sensors: Sensors,
    private readonly raise: (source: number, value: number) => void,
  ) {
    this.state = this.classify();
  }

  /** input.setSoundThreshold: `kind` is SoundThreshold (Loud = 2, Quiet = 1), `level` 0-255. */
  setThreshold(kind: number, level: number): void {
    const value = Math.max(0, Math.min(255, Math.trunc(level) || 0));
    if (kind === SOUND_EVENT.loud) this.loudThreshold = value;
    else if (kind === SOUND_EVENT.quiet) this.quietThreshold = value;
    this.update();
  }

  /** The sound level changed: raise loud/quiet when a threshold was crossed. */
  update(): void {
    const next = this.classify();
    if (next === this.state) return;
    this.state = next;
    if (next === 'loud') this.raise(SOUND_EVENT.source, SOUND_EVENT.loud);
    else if (next === 'quiet') this.raise(SOUND_EVENT.source, SOUND_EVENT.quiet);
  }

  reset(): void {
    this.loudThreshold = DEFAULT_LOUD_THRESHOLD;
    this.quietThreshold = DEFAULT_QUIET_THRESHOLD;
    this.state = this.classify();
  }

  private classify(): Loudness {
    const level = this.sensors.values.soundLevel;
    if (level > this.loudThreshold) return 'loud';
    if (level < this.quietThreshold) return 'quiet';
    return 'between';
  }
}
