// The accelerometer as the program sees it: the true acceleration (Sensors) limited to the
// measuring range (input.setAccelerometerRange: 1, 2, 4 or 8 g; 2 g at start, as on the
// device), the strength of the force, and pitch and roll worked out from gravity.
import type { Sensors } from './sensors.ts';

/** 1 g in milli-g as the device counts it. */
const ONE_G = 1024;
const DEFAULT_RANGE_G = 2;
const RANGES_G: readonly number[] = [1, 2, 4, 8];

export type Axis = 'x' | 'y' | 'z';

export class Accelerometer {
  /** Measuring range in g. */
  rangeG = DEFAULT_RANGE_G;

  constructor(private readonly sensors: Sensors) {}

  /** Picks the smallest supported range that covers `g` (the device rounds up the same way). */
  setRange(g: number): void {
    this.rangeG = RANGES_G.find((range) => range >= g) ?? RANGES_G[RANGES_G.length - 1]!;
  }

  /** One axis in milli-g, clipped to the range. */
  read(axis: Axis): number {
    const values = this.sensors.values;
    const raw = axis === 'x' ? values.accelerationX : axis === 'y' ? values.accelerationY : values.accelerationZ;
    const limit = this.rangeG * ONE_G;
    return Math.trunc(Math.max(-limit, Math.min(limit - 1, raw)));
  }

  /** The three readings at once. */
  sample(): [number, number, number] {
    return [this.read('x'), this.read('y'), this.read('z')];
  }

  /** Length of the acceleration vector in milli-g. */
  strength(): number {
    const [x, y, z] = this.sample();
    return Math.trunc(Math.sqrt(x * x + y * y + z * z));
  }

  /** Rotation around the x axis in degrees: 0 flat, -90 with the logo up, 90 with the logo down. */
  pitch(): number {
    const [x, y, z] = this.sample();
    // `0 - z`, not `-z`: a reading of exactly 0 must not become -0 (atan2 would turn it into 180°).
    const roll = Math.atan2(x, 0 - z);
    let pitch = Math.atan2(y, x * Math.sin(roll) - z * Math.cos(roll));
    // Upside down: fold the angle over so it keeps growing past ±90 instead of turning back.
    if (z > 0) {
      const quarter = pitch > 0 ? Math.PI / 2 : -Math.PI / 2;
      pitch = 2 * quarter - pitch;
    }
    return Math.trunc((pitch * 180) / Math.PI) || 0;
  }

  /** Rotation around the y axis in degrees: 0 flat, -90 tilted left, 90 tilted right. */
  roll(): number {
    const [x, , z] = this.sample();
    return Math.trunc((Math.atan2(x, 0 - z) * 180) / Math.PI) || 0;
  }
}
