import { describe, expect, it } from 'vitest';
import { Accelerometer } from './accelerometer.ts';
import { Sensors } from './sensors.ts';

function at(x: number, y: number, z: number) {
  const sensors = new Sensors();
  sensors.set('accelerationX', x);
  sensors.set('accelerationY', y);
  sensors.set('accelerationZ', z);
  return new Accelerometer(sensors);
}

describe('Accelerometer', () => {
  it('reads milli-g clipped to the range (2 g at start) and the strength of the force', () => {
    const accelerometer = at(3000, -300, -5000);
    expect(accelerometer.sample()).toEqual([2047, -300, -2048]);
    accelerometer.setRange(8);
    expect(accelerometer.sample()).toEqual([3000, -300, -5000]);
    expect(at(0, 0, -1024).strength()).toBe(1024);
    expect(at(300, 400, 0).strength()).toBe(500);
  });

  it('rounds a requested range up to one the device has', () => {
    const accelerometer = at(0, 0, 0);
    accelerometer.setRange(3);
    expect(accelerometer.rangeG).toBe(4);
    accelerometer.setRange(20);
    expect(accelerometer.rangeG).toBe(8);
    accelerometer.setRange(1);
    expect(accelerometer.rangeG).toBe(1);
  });

  it('works out pitch and roll from gravity', () => {
    expect([at(0, 0, -1023).pitch(), at(0, 0, -1023).roll()]).toEqual([0, 0]);
    expect(at(0, -1023, 0).pitch()).toBe(-90);
    expect(at(0, 1023, 0).pitch()).toBe(90);
    expect(at(1023, 0, 0).roll()).toBe(90);
    expect(at(-1023, 0, 0).roll()).toBe(-90);
    expect(at(0, 724, -724).pitch()).toBe(45);
    // Upside down the pitch keeps growing past 90 instead of turning back.
    expect(at(0, 724, 724).pitch()).toBe(135);
  });
});
