// The board's sensor readings, set by the simulator's controls or `blockyard run --set`.
// Defaults are the spec's (compass heading 90, light level 128) and a room on a table for the rest.

export interface SensorValues {
  lightLevel: number;
  compassHeading: number;
  temperature: number;
  soundLevel: number;
  accelerationX: number;
  accelerationY: number;
  accelerationZ: number;
}

export const defaultSensorValues: Readonly<SensorValues> = Object.freeze({
  lightLevel: 128,
  compassHeading: 90,
  temperature: 21,
  soundLevel: 0,
  accelerationX: 0,
  accelerationY: 0,
  accelerationZ: -1023,
});

/** Valid range of each reading; values are clamped into it. */
export const sensorRanges: Readonly<Record<keyof SensorValues, readonly [number, number]>> = Object.freeze({
  lightLevel: [0, 255],
  compassHeading: [0, 359],
  temperature: [-55, 125],
  soundLevel: [0, 255],
  accelerationX: [-2048, 2047],
  accelerationY: [-2048, 2047],
  accelerationZ: [-2048, 2047],
});

export class Sensors {
  readonly values: SensorValues = { ...defaultSensorValues };

  set(key: keyof SensorValues, value: number): void {
    const [low, high] = sensorRanges[key];
    this.values[key] = Math.max(low, Math.min(high, value));
  }
}
