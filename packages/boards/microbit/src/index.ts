// Public surface of @blockyard/board-microbit: named exports only.
export { createMicrobitCompiler } from './compiler.ts';
export { microbitLibraryFiles } from './generated/api-library.ts';
export {
  Board,
  GESTURE_EVENT_SOURCE,
  RADIO_EVENT,
  RESET_DELAY_MS,
  boardStateKeys,
  checkBoardState,
  gestureNames,
} from './board/board.ts';
export type { BoardOptions } from './board/board.ts';
export { pinStateKeys, touchStateKeys } from './board/board-state.ts';
export type { BoardStateKey, PinStateKey, TouchStateKey } from './board/board-state.ts';
export { World } from './board/world.ts';
export type { WorldOptions } from './board/world.ts';
export { namespaceModules } from './api/namespaces.ts';
export { toInt, toText } from './api/namespace-module.ts';
export type { NamespaceModule } from './api/namespace-module.ts';
export { LedDisplay } from './state/led-display.ts';
export type { DisplayMode } from './state/led-display.ts';
export { DisplayAnimator } from './state/display-animator.ts';
export { BUTTON_EVENT, BUTTON_ID, Buttons } from './state/buttons.ts';
export type { ButtonName } from './state/buttons.ts';
export { SERIAL_BUFFER_LENGTH, SERIAL_MIN_BATCH_INTERVAL_MS, SerialPort } from './state/serial-port.ts';
export type { SerialBatch } from './state/serial-port.ts';
export { Sensors, defaultSensorValues, sensorRanges } from './state/sensors.ts';
export type { SensorValues } from './state/sensors.ts';
export { FileStore } from './state/file-store.ts';
export { PIN_ID_BASE, Pins, pinNumbers } from './state/pins.ts';
export type { PinEventMode, PinMode, PinPull, PinState } from './state/pins.ts';
export { PIN_EVENT, PinInputs } from './state/pin-inputs.ts';
export type { PulseRecord } from './state/pin-inputs.ts';
export { PitchOutput } from './state/pitch-output.ts';
export { LightStrips, MAX_LIGHT_STRIPS, MAX_STRIP_LEDS } from './state/light-strips.ts';
export type { LightStrip, StripMode } from './state/light-strips.ts';
export { Accelerometer, DEFAULT_RANGE_G, ONE_G } from './state/accelerometer.ts';
export {
  Gesture,
  GestureDetector,
  POSTURE_SAMPLES,
  SAMPLE_INTERVAL_MS,
  gesturePoses,
} from './state/gesture-detector.ts';
export { LOGO_ID, LONG_CLICK_MS, TouchSensors, isTouchTargetName, touchTargetIds } from './state/touch-sensors.ts';
export type { TouchTargetName } from './state/touch-sensors.ts';
export { DEFAULT_LOUD_THRESHOLD, DEFAULT_QUIET_THRESHOLD, Microphone, SOUND_EVENT } from './state/microphone.ts';
export { MicrobitImage } from './images/microbit-image.ts';
export { GameEngine } from './game/game-engine.ts';
export { LedSprite } from './game/led-sprite.ts';
export { friendlyName } from './api/control.ts';
export {
  DEFAULT_PATH_LOSS_DB,
  DEFAULT_RADIO_BAND,
  RadioMedium,
  STRONGEST_SIGNAL,
  TRANSMIT_POWER_DBM,
  WEAKEST_SIGNAL,
  signalStrength,
} from './state/radio-medium.ts';
export type { RadioEndpoint, RadioPacket, RadioPayload, RadioSettings } from './state/radio-medium.ts';
export { RADIO_AIR_TIME_MS, RADIO_SEND_WORK_UNITS } from './api/radio.ts';
export {
  bufferPayload,
  MAX_BUFFER_BYTES,
  MAX_NAME_BYTES,
  MAX_STRING_BYTES,
  numberPayload,
  packetJson,
  RADIO_RX_QUEUE,
  stringPayload,
  valuePayload,
} from './api/radio-packet.ts';
export { DEFAULT_MUSIC_VOLUME, MAX_RECORDED_NOTES, Speaker } from './state/speaker.ts';
export type { ExpressionResult, NoteSource, PlayedNote } from './state/speaker.ts';
export { MELODY_EVENT_SOURCE, MusicEvent } from './api/music-melody.ts';
export { SERIAL_DEFAULT_RX_BUFFER, SERIAL_EVENT, SerialInput } from './state/serial-input.ts';
export { AudioCapture, mixTracks } from './headless/audio-capture.ts';
export { LedImage } from './images/led-image.ts';
export { arrowImage, iconImage, iconNames } from './images/icons.ts';
export { DEFAULT_HOLD_MS, DEFAULT_RUN_MS, prepareHeadlessRun, runHeadless } from './headless/run-headless.ts';
export type {
  BoardReport,
  HeadlessRun,
  HeadlessRunOptions,
  HeadlessRunResult,
  ScriptedPress,
  ScriptedSerialInput,
  ScriptedSetting,
} from './headless/run-headless.ts';
export { SerialLineSplitter } from './headless/serial-lines.ts';
export type { SerialLine } from './headless/serial-lines.ts';
