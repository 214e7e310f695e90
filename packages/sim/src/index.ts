// Public surface of @blockyard/sim: named exports only.
export type {
  BulkSerialMessage,
  CustomMessage,
  DebuggerCommand,
  DebuggerBreakpointMessage,
  DebuggerCommandMessage,
  DebuggerConfigMessage,
  DebuggerRequestMessage,
  DebuggerSubtype,
  DebuggerTraceConfigMessage,
  DebuggerTraceMessage,
  DebuggerVariable,
  BlockNameInfo,
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
  MAX_BREAKPOINTS,
  checkDebuggerEvent,
  checkDebuggerRequest,
  MAX_CODE_LENGTH,
  SIM_THEMES,
} from './protocol/protocol.ts';
export { parseHostToFrameMessage } from './protocol/host-to-frame-schema.ts';
export { frameToHostSchema, parseFrameToHostMessage } from './protocol/frame-to-host-schema.ts';
export * as frameLimits from './protocol/frame-limits.ts';
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
export type { ProgramLink, ProgramLinkFactory, ProgramLinkHandlers } from './frame/worker/program-link.ts';
export {
  PROGRAM_GLOBAL,
  WORKER_PROGRAM_HEADER_LINES,
  browserProgramLinks,
  programWorkerScript,
} from './frame/worker/program-link.ts';
export type { BoardInput, PageToWorker, WorkerToPage } from './frame/worker/worker-protocol.ts';
export { parseWorkerMessage } from './frame/worker/worker-protocol.ts';
export { WorkerMessageGate } from './frame/worker/worker-message-gate.ts';
export { RemoteSound } from './frame/worker/remote-sound.ts';
export type { BoardSnapshot } from './frame/board-view.ts';
export { BoardView } from './frame/board-view.ts';
export type { ProgramUsage } from './frame/program-usage.ts';
export { detectUsage, noUsage } from './frame/program-usage.ts';
export type { GestureInfo, TouchPin } from './frame/gestures.ts';
export { GESTURES, TOUCH_PINS, tiltAcceleration } from './frame/gestures.ts';
export type { LedStats } from './frame/led-presenter.ts';
export { LED_COUNT, LED_QUEUE_LIMIT, LedPresenter } from './frame/led-presenter.ts';
export type { BoardState, SimBoardOptions, StripState } from './frame/sim-board.ts';
export { SimBoard } from './frame/sim-board.ts';
export type { SessionHooks, SimSessionOptions } from './frame/sim-session.ts';
export { SimSession } from './frame/sim-session.ts';
export type { PulledSource } from './frame/sound-mix.ts';
export { SoundMix } from './frame/sound-mix.ts';
export type {
  FrameAudio,
  FrameCapture,
  FrameError,
  FramePhase,
  FrameRunnerOptions,
  FrameViewState,
  Picture,
} from './frame/frame-runner.ts';
export { FrameRunner, PING_INTERVAL_MS, STOP_GRACE_MS, WATCHDOG_MS, frameMessages } from './frame/frame-runner.ts';
export { BOARD_ASPECT_RATIO, heightFor, screenshotWidth } from './capture/screenshot-size.ts';
export {
  THUMBNAIL_IDLE_MS,
  THUMBNAIL_INTERVAL_MS,
  THUMBNAIL_MAX_FRAMES,
  ThumbnailRecorder,
} from './capture/thumbnail-recorder.ts';
export type { ThumbnailRecorderOptions } from './capture/thumbnail-recorder.ts';
export type { GifRecorderOptions, GifRecording, RgbaFrame } from './capture/gif-recorder.ts';
export { GifRecorder, MAX_RECORDING_MS, RECORDING_INTERVAL_MS } from './capture/gif-recorder.ts';
export type { ConsoleLine, ConsoleSnapshot } from './serial/serial-console.ts';
export { MAX_CONSOLE_LINES, SerialConsole } from './serial/serial-console.ts';
export type { PlotPoint, PlotSeries, PlotSnapshot } from './serial/plotter.ts';
export { MAX_RECORDED_ROWS, PLOT_WINDOW_POINTS, Plotter, csvCell, parsePlotLine } from './serial/plotter.ts';
export { serialClock } from './serial/serial-time.ts';
export type { IframeFrameHostOptions } from './host/iframe-frame-host.ts';
export { FRAME_SANDBOX, IframeFrameHost } from './host/iframe-frame-host.ts';
export type {
  DebugProgram,
  DebugStop,
  DebugTrace,
  SimulatorControllerOptions,
  SimulatorDownload,
  SimulatorError,
  SimulatorViewState,
} from './host/simulator-controller.ts';
export { SCREENSHOT_TIMEOUT_MS, SimulatorController } from './host/simulator-controller.ts';
export { WholeMillisecondClock } from './frame/whole-ms-clock.ts';
