// Recognises gestures from the accelerometer the way the device does: it samples every 20 ms,
// counts quick reversals of strong acceleration as a shake, raises 3g/6g/8g when the force
// passes those levels, and reports a posture (tilt, logo up/down, screen up/down, free fall)
// only after it has held for 5 samples in a row. A gesture is raised once, when it changes.
//
// Sampling is lazy: it starts when the program first asks for gestures and stops while
// nothing can change, so an idle board costs no timers; any new reading wakes it again.
import type { Clock, TimerHandle } from '@blockyard/core';
import type { Accelerometer } from './accelerometer.ts';

/** The Gesture enum of the micro:bit API (the device's accelerometer event values). */
export const Gesture = {
  None: 0,
  LogoUp: 1,
  LogoDown: 2,
  TiltLeft: 3,
  TiltRight: 4,
  ScreenUp: 5,
  ScreenDown: 6,
  FreeFall: 7,
  ThreeG: 8,
  SixG: 9,
  EightG: 10,
  Shake: 11,
} as const;

/** Event source of gestures (MICROBIT_ID_GESTURE); the event value is the Gesture. */
export const GESTURE_EVENT_SOURCE = 13;
export const SAMPLE_INTERVAL_MS = 20;
/** A posture needs this many agreeing samples before it is reported. */
const POSTURE_SAMPLES = 5;
/** Milli-g beyond which an axis counts as tilted. */
const TILT_MG = 200;
/** Below this strength (milli-g) the board is falling. */
const FREE_FALL_MG = 400;
/** An axis must swing beyond ± this (milli-g) for a reversal to count towards a shake. */
const SHAKE_MG = 400;
const SHAKE_REVERSALS = 4;
/** Samples after which one counted reversal is forgotten (slow movements are not shakes). */
const SHAKE_DECAY_SAMPLES = 10;
/** Samples before a second shake can be reported. */
const SHAKE_REARM_SAMPLES = 30;
const IMPULSES: readonly (readonly [number, number])[] = [
  [3 * 1024, Gesture.ThreeG],
  [6 * 1024, Gesture.SixG],
  [8 * 1024, Gesture.EightG],
];

/** Acceleration (x, y, z in milli-g) the board holds after a posture gesture is performed. */
export const gesturePoses: Readonly<Record<number, readonly [number, number, number]>> = {
  [Gesture.LogoUp]: [0, -1023, 0],
  [Gesture.LogoDown]: [0, 1023, 0],
  [Gesture.TiltLeft]: [-1023, 0, 0],
  [Gesture.TiltRight]: [1023, 0, 0],
  [Gesture.ScreenUp]: [0, 0, -1023],
  [Gesture.ScreenDown]: [0, 0, 1023],
  [Gesture.FreeFall]: [0, 0, 0],
};

interface ShakeState {
  /** Which side of each axis the last counted swing went to. */
  x: boolean;
  y: boolean;
  z: boolean;
  reversals: number;
  samples: number;
  reported: boolean;
}

export class GestureDetector {
  /** The gesture reported last (input.isGesture); None before any. */
  last: number = Gesture.None;
  private candidate: number = Gesture.None;
  private agreeing = 0;
  private shake: ShakeState = newShake();
  private readonly impulses = new Set<number>();
  private calmSamples = 0;
  private active = false;
  private timer: TimerHandle | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly accelerometer: Accelerometer,
    private readonly raise: (gesture: number) => void,
  ) {}

  get sampling(): boolean {
    return this.timer !== undefined;
  }

  /** The program wants gestures (onGesture, isGesture): start sampling. */
  activate(): void {
    if (this.active) return;
    this.active = true;
    this.schedule();
  }

  /** The acceleration changed: sample again until the result is settled. */
  wake(): void {
    if (this.active) this.schedule();
  }

  /**
   * A gesture performed outright (the simulator's gesture buttons, `--set gesture=…`): report it
   * now. For a posture the acceleration has already been set to match, so it counts as settled.
   */
  perform(gesture: number): void {
    if (gesture === Gesture.Shake) {
      this.shake = { ...this.shake, reversals: SHAKE_REVERSALS, samples: 0, reported: true };
      // After the shake the board has to settle again, as after a real one.
      this.agreeing = 0;
    } else if (gesturePoses[gesture]) {
      this.candidate = gesture;
      this.agreeing = POSTURE_SAMPLES;
    }
    // A knock is an event, not a state of the board: it does not become the current gesture.
    if (!IMPULSES.some(([, knock]) => knock === gesture)) this.last = gesture;
    this.raise(gesture);
    this.wake();
  }

  /** Stops sampling (the program stopped). */
  stop(): void {
    if (this.timer !== undefined) this.clock.clear(this.timer);
    this.timer = undefined;
    this.active = false;
  }

  /** Forgets everything, as after a reset of the board. */
  reset(): void {
    this.stop();
    this.last = Gesture.None;
    this.candidate = Gesture.None;
    this.agreeing = 0;
    this.shake = newShake();
    this.impulses.clear();
    this.calmSamples = 0;
  }

  /** One accelerometer sample: impulses, shake, then posture with its 5-sample agreement. */
  sample(): void {
    const [x, y, z] = this.accelerometer.sample();
    const force = x * x + y * y + z * z;
    this.checkImpulses(force);
    if (this.countShake(x, y, z)) {
      this.last = Gesture.Shake;
      this.raise(Gesture.Shake);
      return;
    }
    const posture = postureOf(x, y, z, force);
    if (posture === this.candidate) {
      if (this.agreeing < POSTURE_SAMPLES) this.agreeing++;
    } else {
      this.candidate = posture;
      this.agreeing = 0;
    }
    if (this.candidate !== this.last && this.agreeing >= POSTURE_SAMPLES) {
      this.last = this.candidate;
      if (this.last !== Gesture.None) this.raise(this.last);
    }
  }

  private get settled(): boolean {
    return (
      this.candidate === this.last &&
      this.agreeing >= POSTURE_SAMPLES &&
      this.shake.reversals === 0 &&
      this.impulses.size === 0
    );
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.sample();
      if (!this.settled) this.schedule();
    }, SAMPLE_INTERVAL_MS);
  }

  private checkImpulses(force: number): void {
    let strongest = 0;
    for (const [limit, gesture] of IMPULSES) {
      if (force <= limit * limit) continue;
      strongest = gesture;
      if (!this.impulses.has(gesture)) {
        this.impulses.add(gesture);
        this.raise(gesture);
      }
    }
    // Each impulse is reported once per hit; it re-arms after the force has stayed low a while.
    if (strongest !== 0) this.calmSamples = 0;
    else if (this.impulses.size > 0 && ++this.calmSamples >= POSTURE_SAMPLES) this.impulses.clear();
  }

  /** Counts reversals of strong acceleration; true when they add up to a shake. */
  private countShake(x: number, y: number, z: number): boolean {
    const shake = this.shake;
    let reversed = false;
    for (const [axis, value] of [
      ['x', x],
      ['y', y],
      ['z', z],
    ] as const) {
      if ((value < -SHAKE_MG && shake[axis]) || (value > SHAKE_MG && !shake[axis])) {
        shake[axis] = !shake[axis];
        reversed = true;
      }
    }
    if (reversed && shake.reversals < SHAKE_REVERSALS) {
      shake.reversals++;
      if (shake.reversals === 1) shake.samples = 0;
      if (shake.reversals === SHAKE_REVERSALS) {
        shake.reported = true;
        shake.samples = 0;
        return true;
      }
    }
    if (shake.reversals > 0) {
      shake.samples++;
      if (shake.reported && shake.samples >= SHAKE_REARM_SAMPLES) {
        this.shake = { ...newShake(), x: shake.x, y: shake.y, z: shake.z };
      } else if (!shake.reported && shake.samples >= SHAKE_DECAY_SAMPLES) {
        shake.samples = 0;
        shake.reversals--;
      }
    }
    return false;
  }
}

function newShake(): ShakeState {
  return { x: false, y: false, z: false, reversals: 0, samples: 0, reported: false };
}

/** The posture a single sample shows; left/right wins over logo up/down, which wins over screen. */
function postureOf(x: number, y: number, z: number, force: number): number {
  if (force < FREE_FALL_MG * FREE_FALL_MG) return Gesture.FreeFall;
  if (x < -TILT_MG) return Gesture.TiltLeft;
  if (x > TILT_MG) return Gesture.TiltRight;
  if (y < -TILT_MG) return Gesture.LogoUp;
  if (y > TILT_MG) return Gesture.LogoDown;
  if (z < -TILT_MG) return Gesture.ScreenUp;
  if (z > TILT_MG) return Gesture.ScreenDown;
  return Gesture.None;
}
