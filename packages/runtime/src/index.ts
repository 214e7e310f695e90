// Public surface of @blockyard/runtime: named exports only.
export {
  DEFAULT_MEMORY_LIMIT_BYTES,
  FOREVER_PAUSE_MS,
  GLOBAL_SLOTS,
  IDLE_INTERVAL_MS,
  MAX_PENDING_EVENTS,
  SLICE_MS,
  STACK_LIMIT,
  WORK_UNITS_PER_MS,
  YIELD_DELAY_MS,
  defaultLimits,
  resolveLimits,
} from './limits.ts';
export type { RuntimeLimits } from './limits.ts';
export { RuntimeError, ThrownValue, panic, runtimeMessages, toRuntimeError } from './errors/runtime-error.ts';
export type { RuntimeErrorKind, RuntimeErrorOptions, SourcePosition } from './errors/runtime-error.ts';
export { ExecContext } from './exec/exec-context.ts';
export type { DebugHooks, ScopeReader } from './exec/exec-context.ts';
export {
  fiberDisplayName,
  MAX_TRACE_INTERVAL_MS,
  MIN_TRACE_INTERVAL_MS,
  RuntimeDebugger,
} from './debug/runtime-debugger.ts';
export type { BreakInfo, BreakReason, DebugStackFrame, StepKind, TraceInfo } from './debug/runtime-debugger.ts';
export { DebugValues, MAX_CHILDREN, MAX_TEXT } from './debug/debug-values.ts';
export type { DebugVariable } from './debug/debug-values.ts';
export { captureStack, programCallFrames } from './debug/call-stack.ts';
export type { ProgramCallFrame } from './debug/call-stack.ts';
export { PREEMPT, Signal, isGenerator, isWaitable } from './exec/wait.ts';
export type { Wait, Waitable, Waiting } from './exec/wait.ts';
export { Fiber } from './scheduler/fiber.ts';
export { ON_START } from './scheduler/block-name.ts';
export type { BlockName, FiberName } from './scheduler/block-name.ts';
export type { FiberState } from './scheduler/fiber.ts';
export { Scheduler } from './scheduler/scheduler.ts';
export { EVENT_ANY, EventBus } from './events/event-bus.ts';
export type { BusEvent, EventHandler } from './events/event-bus.ts';
export { NumberFormat, formatInfo, sizeOfFormat } from './buffer/number-format.ts';
export type { FormatInfo, NumberFormatName } from './buffer/number-format.ts';
export { RtBuffer } from './buffer/rt-buffer.ts';
export { decodeUtf8, encodeUtf8 } from './buffer/utf8.ts';
export { MemoryBudget } from './memory/memory-budget.ts';
export { SeededRandom } from './builtins/random.ts';
export { constrain, createMathApi, mapRange, randomRange, roundWithPrecision } from './builtins/math.ts';
export type { MathApi } from './builtins/math.ts';
export { createHelpers } from './builtins/helpers.ts';
export { forbiddenPropertyKeys, propertyKey } from './builtins/property-key.ts';
export type { Helpers } from './builtins/helpers.ts';
export { lookupPosition } from './positions/position-table.ts';
export type { PositionTable } from './positions/position-table.ts';
export { PROGRAM_SOURCE_URL, programFrames } from './positions/stack-frames.ts';
export type { GeneratedLocation } from './positions/stack-frames.ts';
export type { LoadedProgram, ProgramFactory } from './program/load-program.ts';
export type { ProgramImage } from './program/program-image.ts';
export { Runtime } from './program/runtime.ts';
export type { RuntimeOptions, RuntimeStatus } from './program/runtime.ts';
