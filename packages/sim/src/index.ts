// Public surface of @blockyard/sim: named exports only.
export type {
  DebuggerCommand,
  DebuggerVariable,
  BlockNameInfo,
  FrameToHostMessage,
  HostToFrameMessage,
  SerialEntry,
  StackFrameInfo,
} from './protocol/protocol.ts';
export { MAX_BOARDS } from './protocol/protocol.ts';
export * as frameLimits from './protocol/frame-limits.ts';
export { simulatorServiceWorkerUrl } from './protocol/service-worker-rule.ts';
export type { FrameHost } from './driver/simulator-driver.ts';
export { browserProgramLinks } from './frame/worker/program-link.ts';
export { BoardView } from './frame/board-view.ts';
export type { ProgramUsage } from './frame/program-usage.ts';
export { GESTURES } from './frame/gestures.ts';
export type { FrameCapture, Picture } from './frame/frame-runner-options.ts';
export type { FrameViewState } from './frame/frame-view-state.ts';
export { FrameRunner } from './frame/frame-runner.ts';
export { frameMessages } from './frame/frame-messages.ts';
export { heightFor, screenshotWidth } from './capture/screenshot-size.ts';
export type { RgbaFrame } from './capture/gif-recorder.ts';
export { SerialConsole } from './serial/serial-console.ts';
export type { PlotSnapshot } from './serial/plotter.ts';
export { Plotter } from './serial/plotter.ts';
export { serialClock } from './serial/serial-time.ts';
export { IframeFrameHost } from './host/iframe-frame-host.ts';
export type {
  DebugProgram,
  DebugStop,
  SimulatorDownload,
  SimulatorError,
  SimulatorViewState,
} from './host/simulator-controller.ts';
export { SimulatorController } from './host/simulator-controller.ts';
export { WholeMillisecondClock } from './frame/whole-ms-clock.ts';
