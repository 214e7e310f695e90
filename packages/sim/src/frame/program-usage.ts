// What a compiled program uses, read from its text, so the simulator shows only the controls
// that matter (spec: sensor controls appear when the program uses them) and offers more boards
// for radio programs. Compiled code calls the API by its namespace names (`input.lightLevel(…)`),
// so a word-boundary search over the program text finds every use, even in handlers not yet run.

export interface ProgramUsage {
  /** Button.AB (value 3) is listened for or read: show the A+B button. */
  buttonAB: boolean;
  lightLevel: boolean;
  temperature: boolean;
  compass: boolean;
  /** Acceleration, rotation or gestures: tilt by mouse and the gesture picker. */
  accelerometer: boolean;
  soundLevel: boolean;
  logo: boolean;
  /** Touching edge pins 0, 1, 2 (onPinPressed, pinIsPressed). */
  pinTouch: boolean;
  /** Any pins.* call (reading or writing the edge connector). */
  pins: boolean;
  /** Reads a level or pulse on the edge pins: offer a level (0-1023) for P0, P1, P2. */
  pinRead: boolean;
  radio: boolean;
  serial: boolean;
  sound: boolean;
}

const patterns: Record<keyof ProgramUsage, RegExp> = {
  buttonAB: /\binput\.(onButtonPressed|buttonIsPressed)\(3\b/,
  lightLevel: /\binput\.lightLevel\b/,
  temperature: /\binput\.temperature\b/,
  compass: /\binput\.(compassHeading|magneticForce|calibrateCompass)\b/,
  accelerometer: /\binput\.(acceleration|rotation|onGesture|isGesture|setAccelerometerRange)\b/,
  soundLevel: /\binput\.(soundLevel|onSound|setSoundThreshold)\b/,
  logo: /\binput\.(onLogoEvent|logoIsPressed)\b/,
  pinTouch: /\binput\.(onPinPressed|onPinReleased|pinIsPressed)\b|\bpins\.touchSetMode\b/,
  pins: /\bpins\./,
  pinRead: /\bpins\.(analogReadPin|digitalReadPin|onPulsed|pulseIn|pulseDuration|setEvents)\b/,
  radio: /\bradio\./,
  serial: /\bserial\.|\bconsole\.log/,
  sound: /\b(music|soundExpression)\./,
};

export const noUsage: Readonly<ProgramUsage> = Object.freeze({
  buttonAB: false,
  lightLevel: false,
  temperature: false,
  compass: false,
  accelerometer: false,
  soundLevel: false,
  logo: false,
  pinTouch: false,
  pins: false,
  pinRead: false,
  radio: false,
  serial: false,
  sound: false,
});

export function detectUsage(js: string): ProgramUsage {
  const usage = { ...noUsage };
  for (const key of Object.keys(patterns) as (keyof ProgramUsage)[]) usage[key] = patterns[key].test(js);
  return usage;
}
