// The runtime side of `input`: buttons, gestures, touch pins and the logo, and the sensors.
// Handlers run on the device's events: a button or touch target's click (or the event the
// program chose), gestures from the accelerometer (source 13), loud/quiet from the microphone's
// level detector (source 21).
import type { BlockName } from '@blockyard/runtime';
import type { BoardHost } from './board-host.ts';
import { BUTTON_EVENT, Buttons } from '../state/buttons.ts';
import { GESTURE_EVENT_SOURCE, Gesture } from '../state/gesture-detector.ts';
import { SOUND_EVENT } from '../state/microphone.ts';
import { LOGO_ID, touchTargetIds } from '../state/touch-sensors.ts';
import { buttonHandlerName, gestureHandlerName, logoHandlerName, pinHandlerName } from './handler-names.ts';
import { type NamespaceModule, toInt } from './namespace-module.ts';

/** Dimension enum: X = 0, Y = 1, Z = 2, Strength = 3. */
const DIMENSION = { X: 0, Y: 1, Z: 2, Strength: 3 } as const;
const touchPins: readonly number[] = [touchTargetIds.P0, touchTargetIds.P1, touchTargetIds.P2];

function isGesture(value: number): boolean {
  return value >= Gesture.LogoUp && value <= Gesture.Shake;
}

export const inputModule: NamespaceModule = {
  names: ['input'],
  create(board: BoardHost) {
    const bus = board.runtime.bus;
    const onGesture = (gesture: number, body: () => unknown): void => {
      const value = toInt(gesture);
      if (!isGesture(value) || typeof body !== 'function') return;
      // As on the device, listening for a hard knock widens the accelerometer's range to measure it.
      if (value === Gesture.ThreeG && board.accelerometer.rangeG < 3) board.accelerometer.setRange(4);
      if ((value === Gesture.SixG || value === Gesture.EightG) && board.accelerometer.rangeG < 6) {
        board.accelerometer.setRange(8);
      }
      bus.listen(GESTURE_EVENT_SOURCE, value, body, gestureHandlerName(value));
      board.gestures.activate();
    };
    const onTouch = (pin: number, event: number, body: () => unknown, name: BlockName): void => {
      const id = toInt(pin);
      if (!touchPins.includes(id) || typeof body !== 'function') return;
      board.pins.get(id)!.mode = 'touch';
      bus.listen(id, event, body, name);
    };
    const input = {
      onButtonPressed(button: number, body: () => unknown): void {
        const name = Buttons.fromEnum(toInt(button));
        if (!name || typeof body !== 'function') return;
        bus.listen(toInt(button), BUTTON_EVENT.CLICK, body, buttonHandlerName(name));
      },
      buttonIsPressed(button: number): boolean {
        const name = Buttons.fromEnum(toInt(button));
        return name ? board.buttons.isPressed(name) : false;
      },
      onGesture,
      isGesture(gesture: number): boolean {
        board.gestures.activate();
        return board.gestures.last === toInt(gesture) && isGesture(toInt(gesture));
      },
      onPinPressed(name: number, body: () => unknown): void {
        onTouch(name, BUTTON_EVENT.CLICK, body, pinHandlerName(toInt(name) - 100, false));
      },
      onPinReleased(name: number, body: () => unknown): void {
        onTouch(name, BUTTON_EVENT.UP, body, pinHandlerName(toInt(name) - 100, true));
      },
      pinIsPressed(name: number): boolean {
        const id = toInt(name);
        return touchPins.includes(id) && board.touch.isTouched(id);
      },
      onLogoEvent(action: number, body: () => unknown): void {
        const event = toInt(action);
        if (event < BUTTON_EVENT.DOWN || event > BUTTON_EVENT.LONG_CLICK || typeof body !== 'function') return;
        bus.listen(LOGO_ID, event, body, logoHandlerName(event));
      },
      logoIsPressed(): boolean {
        return board.touch.isTouched(LOGO_ID);
      },
      acceleration(dimension: number): number {
        switch (toInt(dimension)) {
          case DIMENSION.X:
            return board.accelerometer.read('x');
          case DIMENSION.Y:
            return board.accelerometer.read('y');
          case DIMENSION.Z:
            return board.accelerometer.read('z');
          case DIMENSION.Strength:
            return board.accelerometer.strength();
          default:
            return 0;
        }
      },
      rotation(kind: number): number {
        return toInt(kind) === 1 ? board.accelerometer.roll() : board.accelerometer.pitch();
      },
      setAccelerometerRange(range: number): void {
        const g = toInt(range);
        if (g > 0) board.accelerometer.setRange(g);
      },
      compassHeading(): number {
        return Math.trunc(board.sensors.values.compassHeading);
      },
      calibrateCompass(): void {
        // Nothing to calibrate: the simulated compass is always right.
      },
      magneticForce(dimension: number): number {
        const { magneticForceX: x, magneticForceY: y, magneticForceZ: z } = board.sensors.values;
        switch (toInt(dimension)) {
          case DIMENSION.X:
            return x;
          case DIMENSION.Y:
            return y;
          case DIMENSION.Z:
            return z;
          case DIMENSION.Strength:
            return Math.sqrt(x * x + y * y + z * z);
          default:
            return 0;
        }
      },
      lightLevel(): number {
        return Math.trunc(board.sensors.values.lightLevel);
      },
      temperature(): number {
        return Math.trunc(board.sensors.values.temperature);
      },
      soundLevel(): number {
        return Math.trunc(board.sensors.values.soundLevel);
      },
      onSound(sound: number, handler: () => unknown): void {
        const value = toInt(sound);
        if ((value !== SOUND_EVENT.loud && value !== SOUND_EVENT.quiet) || typeof handler !== 'function') return;
        bus.listen(SOUND_EVENT.source, value, handler, value === SOUND_EVENT.loud ? 'on loud sound' : 'on quiet sound');
      },
      setSoundThreshold(sound: number, threshold?: number): void {
        board.microphone.setThreshold(toInt(sound), threshold === undefined ? 128 : toInt(threshold));
      },
      runningTime(): number {
        return board.runningTime();
      },
      runningTimeMicros(): number {
        return board.runningTimeMicros();
      },
      // Older names kept so old programs still run.
      onScreenUp(body: () => unknown): void {
        onGesture(Gesture.ScreenUp, body);
      },
      onScreenDown(body: () => unknown): void {
        onGesture(Gesture.ScreenDown, body);
      },
      onShake(body: () => unknown): void {
        onGesture(Gesture.Shake, body);
      },
      onLogoUp(body: () => unknown): void {
        onGesture(Gesture.LogoUp, body);
      },
      onLogoDown(body: () => unknown): void {
        onGesture(Gesture.LogoDown, body);
      },
      calibrate(): void {
        // Obsolete name of calibrateCompass.
      },
    };
    return { input };
  },
};
