// `@blockyard/board-microbit/headless`: only what running a program without a screen needs, for
// bundles that must stay small and free of the compiler (the CLI's sandboxed runner).
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
