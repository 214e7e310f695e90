// The runtime limits of spec 002 §5 and §9, plus the virtual-CPU model that makes them
// deterministic under a ManualClock. Every number a test or the docs quote lives here.

/** A running fiber is preempted after this much (virtual) CPU time… */
const SLICE_MS = 20;
/** …and then sleeps this long before it continues, so other fibers and the host get a turn. */
const YIELD_DELAY_MS = 5;
/** `basic.forever` waits this long between two runs of its body. */
const FOREVER_PAUSE_MS = 20;
/** Each event handler queues at most this many events while it is busy; more are dropped. */
export const MAX_PENDING_EVENTS = 5;
/** Calls nested deeper than this raise "Stack overflow". */
const STACK_LIMIT = 100;
/** Default memory budget of one board's program. */
const DEFAULT_MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Work units stand in for CPU time when the clock is virtual: one loop iteration or one function
 * call costs one unit, and 1,000 units count as one millisecond (about what a micro:bit spends on
 * a simple loop iteration). A fiber that does SLICE_MS worth of work without waiting is preempted.
 */
const WORK_UNITS_PER_MS = 1000;

export interface RuntimeLimits {
  sliceMs: number;
  yieldDelayMs: number;
  foreverPauseMs: number;
  maxPendingEvents: number;
  stackLimit: number;
  memoryLimitBytes: number;
  workUnitsPerMs: number;
  /**
   * Code that cannot yield (constructors, getters, deep plain recursion) may run this many work
   * units without a pause before the runtime stops it; otherwise the page would freeze.
   */
  runawayWorkUnits: number;
  /** What a `pause(0)` or other zero-time yield costs, so busy zero-pause loops still let time pass. */
  zeroYieldWorkUnits: number;
}

export const defaultLimits: Readonly<RuntimeLimits> = Object.freeze({
  sliceMs: SLICE_MS,
  yieldDelayMs: YIELD_DELAY_MS,
  foreverPauseMs: FOREVER_PAUSE_MS,
  maxPendingEvents: MAX_PENDING_EVENTS,
  stackLimit: STACK_LIMIT,
  memoryLimitBytes: DEFAULT_MEMORY_LIMIT_BYTES,
  workUnitsPerMs: WORK_UNITS_PER_MS,
  runawayWorkUnits: 200_000_000,
  zeroYieldWorkUnits: 1000,
});

export function resolveLimits(overrides: Partial<RuntimeLimits> | undefined): RuntimeLimits {
  return { ...defaultLimits, ...overrides };
}
