// Public surface of @blockyard/sim: named exports only.
export type {
  BulkSerialMessage,
  CustomMessage,
  DebuggerCommand,
  DebuggerCommandMessage,
  DebuggerSubtype,
  DriverToFrameMessage,
  EventBusMessage,
  EventMessage,
  FocusMessage,
  FrameDebuggerMessage,
  FrameRunState,
  FrameToHostMessage,
  HostToFrameMessage,
  InstructionsMessage,
  MuteButtonState,
  MuteMessage,
  PrintMessage,
  ReadyMessage,
  RecorderMessage,
  RecorderRequest,
  RunMessage,
  RunOptions,
  ScreenshotMessage,
  ScreenshotRequest,
  SerialEntry,
  SerialInputMessage,
  SetMuteButtonStateMessage,
  SimTheme,
  SimulatorCommandMessage,
  StackFrameInfo,
  StatusMessage,
  StopMessage,
  StopSoundMessage,
  ThumbnailMessage,
  TopLevelCodeFinishedMessage,
} from './protocol/protocol.ts';
export {
  DEBUGGER_COMMANDS,
  DEBUGGER_SUBTYPES,
  MAX_BOARDS,
  MAX_CODE_LENGTH,
  SIM_THEMES,
  parseFrameToHostMessage,
  parseHostToFrameMessage,
} from './protocol/protocol.ts';
export type { OriginPolicy } from './protocol/origin-check.ts';
export { isAllowedOrigin, isLocalHost } from './protocol/origin-check.ts';
export {
  SIMULATOR_MARKER,
  SIMULATOR_SERVICE_WORKER,
  simulatorServiceWorkerUrl,
} from './protocol/service-worker-rule.ts';
export type { SimulatorState } from './driver/simulator-state.ts';
export {
  FRAME_CLEANUP_DELAY_MS,
  RESTART_DELAY_MS,
  SIMULATOR_STATES,
  blocksClicks,
  showsLoader,
  showsPlayIcon,
} from './driver/simulator-state.ts';
export type { FrameHost, SimulatorDriverOptions, SimulatorRun } from './driver/simulator-driver.ts';
export { SimulatorDriver } from './driver/simulator-driver.ts';
