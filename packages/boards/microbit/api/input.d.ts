// The `input` namespace: buttons, gestures, touch pins and logo, and the board's sensors.

/**
 * The buttons of the micro:bit. The values are the device's button component ids.
 */
declare const enum Button {
  A = 1,
  B = 2,
  //% block="A+B"
  AB = 3,
}

/**
 * A direction of the accelerometer or compass, or the strength of the whole force.
 */
declare const enum Dimension {
  //% block=x
  X = 0,
  //% block=y
  Y = 1,
  //% block=z
  Z = 2,
  //% block=strength
  Strength = 3,
}

/**
 * Which way the board is turned: forwards and backwards (pitch) or side to side (roll).
 */
declare const enum Rotation {
  //% block=pitch
  Pitch = 0,
  //% block=roll
  Roll = 1,
}

/**
 * The pins that sense a touch (while you also hold GND).
 */
declare const enum TouchPin {
  P0 = 100,
  P1 = 101,
  P2 = 102,
}

/**
 * How strong a force the accelerometer can measure, in gravities.
 */
declare const enum AcceleratorRange {
  /**
   * Measures forces up to 1 g
   */
  //% block="1g"
  OneG = 1,
  /**
   * Measures forces up to 2 g
   */
  //% block="2g"
  TwoG = 2,
  /**
   * Measures forces up to 4 g
   */
  //% block="4g"
  FourG = 4,
  /**
   * Measures forces up to 8 g
   */
  //% block="8g"
  EightG = 8,
}

/**
 * Movements the accelerometer recognises.
 */
declare const enum Gesture {
  /**
   * The board is shaken
   */
  //% block=shake
  //% jres=gestures.shake
  Shake = 11,
  /**
   * The logo points up and the screen stands upright
   */
  //% block="logo up"
  //% jres=gestures.tiltforward
  LogoUp = 1,
  /**
   * The logo points down and the screen stands upright
   */
  //% block="logo down"
  //% jres=gestures.tiltbackwards
  LogoDown = 2,
  /**
   * The board lies flat with the screen facing up
   */
  //% block="screen up"
  //% jres=gestures.frontsideup
  ScreenUp = 5,
  /**
   * The board lies flat with the screen facing down
   */
  //% block="screen down"
  //% jres=gestures.backsideup
  ScreenDown = 6,
  /**
   * The board leans to the left
   */
  //% block="tilt left"
  //% jres=gestures.tiltleft
  TiltLeft = 3,
  /**
   * The board leans to the right
   */
  //% block="tilt right"
  //% jres=gestures.tiltright
  TiltRight = 4,
  /**
   * The board is falling
   */
  //% block="free fall"
  //% jres=gestures.freefall
  FreeFall = 7,
  /**
   * A knock of more than 3 g
   */
  //% block="3g"
  //% jres=gestures.impact3g
  ThreeG = 8,
  /**
   * A knock of more than 6 g
   */
  //% block="6g"
  //% jres=gestures.impact6g
  SixG = 9,
  /**
   * A knock of more than 8 g
   */
  //% block="8g"
  //% jres=gestures.impact8g
  EightG = 10,
}

/**
 * What a finger does on the touch logo.
 */
declare const enum TouchButtonEvent {
  //% block=pressed
  Pressed = 3,
  //% block=touched
  Touched = 1,
  //% block=released
  Released = 2,
  //% block="long pressed"
  LongPressed = 4,
}

/**
 * The kind of sound the microphone listens for.
 */
declare const enum DetectedSound {
  //% block="loud"
  Loud = 2,
  //% block="quiet"
  Quiet = 1,
}

/**
 * Which sound level threshold to set.
 */
declare const enum SoundThreshold {
  //% block="loud"
  Loud = 2,
  //% block="quiet"
  Quiet = 1,
}

/**
 * Events and readings from the buttons and sensors.
 */
//% color=#D400D4 weight=111 icon="\uf192"
declare namespace input {
  /**
   * Runs code when a button (A, B or both together) is pressed and let go.
   * @param button the button to watch
   * @param body the code to run
   */
  //% help=input/on-button-pressed weight=85 blockGap=16
  //% blockId=device_button_event block="on button|%NAME|pressed"
  //% parts="buttonpair"
  function onButtonPressed(button: Button, body: () => void): void;

  /**
   * Runs code when the board makes a gesture, like being shaken or turned screen up.
   * @param gesture the gesture to watch, eg: Gesture.Shake
   * @param body the code to run
   */
  //% help=input/on-gesture weight=84 blockGap=16
  //% blockId=device_gesture_event block="on |%NAME"
  //% parts="accelerometer"
  //% NAME.fieldEditor="gestures" NAME.fieldOptions.columns=4
  function onGesture(gesture: Gesture, body: () => void): void;

  /**
   * Whether the board's current gesture is `gesture`.
   * @param gesture the gesture to check, eg: Gesture.Shake
   */
  //% help=input/is-gesture weight=10 blockGap=8
  //% blockId=deviceisgesture block="is %gesture gesture"
  //% parts="accelerometer"
  //% gesture.fieldEditor="gestures" gesture.fieldOptions.columns=4
  function isGesture(gesture: Gesture): boolean;

  /**
   * Runs code when a pin is touched and let go (hold GND with your other hand).
   * @param name the pin to watch, eg: TouchPin.P0
   * @param body the code to run
   */
  //% help=input/on-pin-pressed weight=83 blockGap=32
  //% blockId=device_pin_event block="on pin %name|pressed"
  function onPinPressed(name: TouchPin, body: () => void): void;

  /**
   * Runs code when a finger lets go of a pin.
   * @param name the pin to watch, eg: TouchPin.P0
   * @param body the code to run
   */
  //% help=input/on-pin-released weight=6 blockGap=16
  //% blockId=device_pin_released block="on pin %NAME|released"
  //% advanced=true
  function onPinReleased(name: TouchPin, body: () => void): void;

  /**
   * Whether a button is held down right now (A+B: both).
   * @param button the button to check, eg: Button.A
   */
  //% help=input/button-is-pressed weight=60
  //% block="button|%NAME|is pressed"
  //% blockId=device_get_button2
  //% icon="\uf192" blockGap=8
  //% parts="buttonpair"
  function buttonIsPressed(button: Button): boolean;

  /**
   * Whether a pin is touched right now (hold GND with your other hand).
   * @param name the pin to check, eg: TouchPin.P0
   */
  //% help=input/pin-is-pressed weight=58
  //% blockId="device_pin_is_pressed" block="pin %NAME|is pressed"
  //% blockGap=8
  function pinIsPressed(name: TouchPin): boolean;

  /**
   * Runs code when the touch logo is pressed, touched, released or long pressed (micro:bit V2).
   * @param action what the finger does, eg: TouchButtonEvent.Pressed
   * @param body the code to run
   */
  //% weight=83 blockGap=32
  //% blockId=input_logo_event block="on logo $action"
  //% group="micro:bit (V2)"
  //% parts="logotouch"
  //% help="input/on-logo-event"
  function onLogoEvent(action: TouchButtonEvent, body: () => void): void;

  /**
   * Whether the touch logo is touched right now (micro:bit V2).
   */
  //% weight=58
  //% blockId="input_logo_is_pressed" block="logo is pressed"
  //% blockGap=8
  //% group="micro:bit (V2)"
  //% parts="logotouch"
  //% help="input/logo-is-pressed"
  function logoIsPressed(): boolean;

  /**
   * The acceleration in milli-g (1024 is one gravity). Lying flat, screen up: x=0, y=0, z=-1024.
   * @param dimension the direction, or the strength of the whole force, eg: Dimension.X
   */
  //% help=input/acceleration weight=58
  //% blockId=device_acceleration block="acceleration (mg)|%NAME" blockGap=8
  //% parts="accelerometer"
  function acceleration(dimension: Dimension): number;

  /**
   * How much light falls on the LED screen, from 0 (dark) to 255 (bright).
   */
  //% help=input/light-level weight=57
  //% blockId=device_get_light_level block="light level" blockGap=8
  //% parts="ledmatrix"
  function lightLevel(): number;

  /**
   * The compass heading in degrees: 0 is north, 90 east, 180 south, 270 west.
   */
  //% help=input/compass-heading
  //% weight=56
  //% blockId=device_heading block="compass heading (°)" blockGap=8
  //% parts="compass"
  function compassHeading(): number;

  /**
   * The temperature in degrees Celsius (°C).
   */
  //% weight=55
  //% help=input/temperature
  //% blockId=device_temperature block="temperature (°C)" blockGap=8
  //% parts="thermometer"
  function temperature(): number;

  /**
   * How far the board is turned, in degrees: pitch (forwards and backwards) or roll (side to side).
   * @param kind pitch or roll
   */
  //% help=input/rotation weight=52
  //% blockId=device_get_rotation block="rotation (°)|%NAME" blockGap=8
  //% parts="accelerometer" advanced=true
  function rotation(kind: Rotation): number;

  /**
   * The magnetic field in micro-tesla (µT) along one direction, or its strength.
   * @param dimension the direction, or the strength, eg: Dimension.X
   */
  //% help=input/magnetic-force weight=51
  //% blockId=device_get_magnetic_force block="magnetic force (µT)|%NAME" blockGap=8
  //% parts="compass"
  //% advanced=true
  function magneticForce(dimension: Dimension): number;

  /**
   * Calibrates the compass. (The device now calibrates by itself when needed.)
   */
  //% help=input/calibrate-compass advanced=true
  //% blockId="input_compass_calibrate" block="calibrate compass"
  //% weight=45
  function calibrateCompass(): void;

  /**
   * Sets the strongest force the accelerometer measures; stronger forces read as this limit.
   * @param range the range in gravities, eg: AcceleratorRange.TwoG
   */
  //% help=input/set-accelerometer-range
  //% blockId=device_set_accelerometer_range block="set accelerometer|range %range"
  //% weight=5
  //% parts="accelerometer"
  //% advanced=true
  function setAccelerometerRange(range: AcceleratorRange): void;

  /**
   * Milliseconds since the program started.
   */
  //% help=input/running-time weight=50 blockGap=8
  //% blockId=device_get_running_time block="running time (ms)"
  //% advanced=true
  function runningTime(): number;

  /**
   * Microseconds since the program started (wraps around after about 18 minutes).
   */
  //% help=input/running-time-micros weight=49
  //% blockId=device_get_running_time_micros block="running time (micros)"
  //% advanced=true
  function runningTimeMicros(): number;

  /**
   * Runs code when the microphone hears a loud sound, or when it turns quiet (micro:bit V2).
   * @param sound loud or quiet, eg: DetectedSound.Loud
   * @param handler the code to run
   */
  //% help=input/on-sound
  //% blockId=input_on_sound block="on %sound sound"
  //% parts="microphone"
  //% weight=88 blockGap=12
  //% group="micro:bit (V2)"
  function onSound(sound: DetectedSound, handler: () => void): void;

  /**
   * How loud it is around the board, from 0 (silent) to 255 (loud) (micro:bit V2).
   */
  //% help=input/sound-level
  //% blockId=device_get_sound_level block="sound level"
  //% parts="microphone"
  //% weight=34 blockGap=8
  //% group="micro:bit (V2)"
  function soundLevel(): number;

  /**
   * Sets the sound level (0-255) above which a sound counts as loud, or below which as quiet.
   * @param sound which threshold to set, eg: SoundThreshold.Loud
   * @param threshold the sound level, eg: 128
   */
  //% help=input/set-sound-threshold
  //% blockId=input_set_sound_threshold block="set %sound sound threshold to %value"
  //% parts="microphone"
  //% threshold.min=0 threshold.max=255 threshold.defl=128
  //% weight=14 blockGap=8
  //% advanced=true
  //% group="micro:bit (V2)"
  function setSoundThreshold(sound: SoundThreshold, threshold?: number): void;

  /**
   * Runs code when the screen faces up. Old name: use `onGesture(Gesture.ScreenUp, …)`.
   */
  //% help=input/on-screen-up deprecated=true
  function onScreenUp(body: () => void): void;

  /**
   * Runs code when the screen faces down. Old name: use `onGesture(Gesture.ScreenDown, …)`.
   */
  //% help=input/on-screen-down deprecated=true
  function onScreenDown(body: () => void): void;

  /**
   * Runs code when the board is shaken. Old name: use `onGesture(Gesture.Shake, …)`.
   */
  //% help=input/on-shake deprecated=true
  function onShake(body: () => void): void;

  /**
   * Runs code when the logo points up. Old name: use `onGesture(Gesture.LogoUp, …)`.
   */
  //% help=input/on-logo-up deprecated=true
  function onLogoUp(body: () => void): void;

  /**
   * Runs code when the logo points down. Old name: use `onGesture(Gesture.LogoDown, …)`.
   */
  //% help=input/on-logo-down deprecated=true
  function onLogoDown(body: () => void): void;

  /**
   * Old name of calibrateCompass.
   */
  //% help=input/calibrate-compass deprecated=true
  function calibrate(): void;
}
