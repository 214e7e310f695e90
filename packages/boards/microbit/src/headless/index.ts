// `@blockyard/board-microbit/headless`: only what running a program without a screen needs, for
// bundles that must stay small and free of the compiler: the CLI's sandboxed runner, and the
// simulator's program worker, which every restart evaluates again (the package's main entry
// brings the compiler's Python parser and XML reader into it: twice the script, for nothing).
export { DEFAULT_HOLD_MS, DEFAULT_RUN_MS, prepareHeadlessRun, runHeadless } from './run-headless.ts';
export type {
  BoardReport,
  HeadlessRun,
  HeadlessRunOptions,
  HeadlessRunResult,
  ScriptedPress,
  ScriptedSerialInput,
  ScriptedSetting,
} from './run-headless.ts';
export type { SerialLine } from './serial-lines.ts';
export { SERIAL_DEFAULT_RX_BUFFER } from '../state/serial-input.ts';
export { Board } from '../board/board.ts';
export { LOGO_ID } from '../state/touch-sensors.ts';
export { PIN_ID_BASE } from '../state/pins.ts';
export { RadioMedium } from '../state/radio-medium.ts';
export { MAX_LIGHT_STRIPS, MAX_STRIP_LEDS } from '../state/light-strips.ts';
export type { ButtonName } from '../state/buttons.ts';
export type { SensorValues } from '../state/sensors.ts';
export type { SerialBatch } from '../state/serial-port.ts';
