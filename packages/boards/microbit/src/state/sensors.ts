// The board's sensor readings, set by the simulator's controls or `blockyard run --set`.
// Defaults are the spec's (compass heading 90, light level 128) and a board lying still on a
// table for the rest. Acceleration is the true force in milli-g; what the program reads is
// limited by the accelerometer's range (see Accelerometer).
export interface SensorValues {
  lightLevel: number;
  compassHeading: number;
  temperature: number;
  soundLevel: number;
  accelerationX: number;
  accelerationY: number;
  accelerationZ: number;
  /** Magnetic field in micro-tesla (µT), as input.magneticForce reports it. */
  magneticForceX: number;
  magneticForceY: number;
  magneticForceZ: number;
}

export const defaultSensorValues: Readonly<SensorValues> = Object.freeze({
  lightLevel: 128,
  compassHeading: 90,
  temperature: 21,
  soundLevel: 0,
  accelerationX: 0,
  accelerationY: 0,
  accelerationZ: -1023,
  // A field of about 49 µT dipping into the ground, as in much of Europe.
  magneticForceX: 0,
  magneticForceY: 20,
  magneticForceZ: -45,
});

/** Valid range of each reading; values are clamped into it. */
const sensorRanges: Readonly<Record<keyof SensorValues, readonly [number, number]>> = Object.freeze({
  lightLevel: [0, 255],
  compassHeading: [0, 359],
  temperature: [-55, 125],
  soundLevel: [0, 255],
  accelerationX: [-8192, 8191],
  accelerationY: [-8192, 8191],
  accelerationZ: [-8192, 8191],
  magneticForceX: [-4900, 4900],
  magneticForceY: [-4900, 4900],
  magneticForceZ: [-4900, 4900],
});

export class Sensors {
  readonly values: SensorValues = { ...defaultSensorValues };
  private readonly listeners = new Set<(key: keyof SensorValues) => void>();

  set(key: keyof SensorValues, value: number): void {
    const [low, high] = sensorRanges[key];
    const next = Math.max(low, Math.min(high, Number.isFinite(value) ? value : 0));
    if (next === this.values[key]) return;
    this.values[key] = next;
    for (const listener of this.listeners) listener(key);
  }

  /** Called after a reading changes (gesture detection and sound events listen). */
  onChange(listener: (key: keyof SensorValues) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
