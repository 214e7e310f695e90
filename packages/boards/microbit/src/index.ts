// Public surface of @blockyard/board-microbit: named exports only.
export { createMicrobitCompiler } from './compiler.ts';
export { microbitLibraryFiles } from './generated/api-library.ts';
export { Board, GESTURE_EVENT_SOURCE, RADIO_EVENT, boardStateKeys, checkBoardState } from './board/board.ts';
export type { BoardOptions } from './board/board.ts';
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
export type { PinMode, PinPull, PinState } from './state/pins.ts';
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
export { MAX_BUFFER_BYTES, MAX_NAME_BYTES, MAX_STRING_BYTES, RADIO_RX_QUEUE } from './api/radio-packet.ts';
export { DEFAULT_MUSIC_VOLUME, MAX_RECORDED_NOTES, Speaker } from './state/speaker.ts';
export type { ExpressionResult, NoteSource, PlayedNote } from './state/speaker.ts';
export { MELODY_EVENT_SOURCE, MusicEvent } from './api/music-melody.ts';
export { SERIAL_DEFAULT_RX_BUFFER, SERIAL_EVENT, SerialInput } from './state/serial-input.ts';
export { AudioCapture, mixTracks } from './headless/audio-capture.ts';
export { LedImage } from './images/led-image.ts';
export { arrowImage, iconImage, iconNames } from './images/icons.ts';
export { DEFAULT_HOLD_MS, DEFAULT_RUN_MS, runHeadless } from './headless/run-headless.ts';
export type {
  BoardReport,
  HeadlessRunOptions,
  HeadlessRunResult,
  ScriptedPress,
  ScriptedSerialInput,
  ScriptedSetting,
} from './headless/run-headless.ts';
export { SerialLineSplitter } from './headless/serial-lines.ts';
export type { SerialLine } from './headless/serial-lines.ts';
