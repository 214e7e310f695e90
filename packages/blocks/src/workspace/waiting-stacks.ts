// The stacks of a loaded file that are not on the workspace yet, and when they are built: a big
// program's first view comes at once (the load itself), the stacks near the view in slices just
// after it, the ones far away when the view comes near (far-stacks.ts), in idle slices a little
// later (idle-slices.ts, nearest the view first), or all at once for whatever reads every block.
// The controller (workspace-controller.ts) hands a load's left-over stacks to `reset` and calls
// `begin` once the view is set; it learns of built stacks through the host's callbacks.

import * as Blockly from 'blockly/core';
import { estimatedBox, isNear, measureScale, setEveryStackBuilder, type StackScale, unionBox } from './far-stacks.ts';
import type { WaitingStack } from './far-stacks.ts';
import { type SliceBudget, whenIdle } from './idle-slices.ts';
import { type Box, isOffscreen } from './offscreen-stacks.ts';
import { appendStacks } from './workspace-xml.ts';

/**
 * Work per slice while the rest of a big program loads (ms). Between two slices Chromium styles,
 * lays out and paints the workspace (5-8 ms under load at 1,000 blocks, traced: about a third of
 * the whole draw with 30 ms slices): longer slices mean fewer of those. 45 ms stays under the
 * 50 ms of a long task, so a click or key while the rest loads still answers quickly.
 */
export const SLICE_MS = 45;

/** Less idle time than this left (ms): the idle slice waits for the next idle period. */
const MIN_IDLE_MS = 4;

/** What the waiting stacks need from the controller of their workspace. */
export interface WaitingStacksHost {
  readonly workspace: Blockly.WorkspaceSvg;
  /** Stacks were just added (before the frame): hide those out of view. */
  afterAdd(): void;
  /** Stacks were built in an idle slice, more wait: problem marks again. */
  afterIdleSlice(): void;
  /** The load's own work is done, or the last waiting stack is built. */
  afterLoad(): void;
}

/** Whether a stack's XML holds a block or shadow with this id. */
function holdsId(element: Element, id: string): boolean {
  if (element.getAttribute('id') === id) return true;
  for (const child of element.getElementsByTagName('*')) if (child.getAttribute('id') === id) return true;
  return false;
}

export class WaitingStacks {
  /**
   * Whether the stacks still waiting after a load are built in small slices while the page is
   * idle (true: the whole program is on the workspace a few seconds after opening, for a screen
   * reader and everything reading every block). Tests watching far stacks wait set it false.
   */
  idleBuilding = true;
  private pending: WaitingStack[] = [];
  /** Whether far stacks wait for the view (else every stack is built in the load's slices). */
  private lazy = false;
  /** Whether stacks are being added now (their Blockly events are the load's, not edits). */
  private adding = false;
  private disposed = false;
  /** The drawn stacks' size per block, for the waiting stacks' guessed boxes. */
  private scale: StackScale | undefined;
  /** The waiting stacks' guessed boxes together (undefined: none, or not computed yet). */
  private box: Box | undefined;
  private sliceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Cancels the idle slice waiting to build far stacks (see `idleBuilding`). */
  private cancelIdle: (() => void) | undefined;
  /** The workspace is hidden behind a code tab: no idle building until it shows again. */
  private paused = false;
  /** Time one stack took to add, on average so far (ms): how many to add in the next slice. */
  private msPerStack: number | undefined;
  /** The slowest time per stack of an idle slice so far (ms): how many the next one may build. */
  private idleMsPerStack: number | undefined;
  private loadedWaiters: (() => void)[] = [];
  private builtWaiters: (() => void)[] = [];
  /** Whether this holds Blockly's text-width cache open while the slices load (see `holdTextWidths`). */
  private holdingTextWidths = false;

  constructor(private readonly host: WaitingStacksHost) {}

  private get workspace(): Blockly.WorkspaceSvg {
    return this.host.workspace;
  }

  /** How many stacks wait. */
  get count(): number {
    return this.pending.length;
  }

  /** Whether stacks are being added now. */
  get busy(): boolean {
    return this.adding;
  }

  /**
   * The stacks a save writes from the file's model. Stacks that would not save as Blockly
   * writes them (not lazy) are built first, so none is left.
   */
  forSaving(): readonly WaitingStack[] {
    if (!this.lazy) this.finish();
    return this.pending;
  }

  /** A new file's left-over stacks (after the load's first view); `lazy`: far ones wait for the view. */
  reset(rest: WaitingStack[], lazy: boolean): void {
    this.cancel();
    this.lazy = lazy;
    this.pending = rest;
    this.scale = undefined;
    this.box = undefined;
    setEveryStackBuilder(this.workspace, rest.length ? () => this.finish() : undefined);
    this.msPerStack = undefined;
    this.idleMsPerStack = undefined;
  }

  /** Starts building what the load left (the view is in place): ends with the host's `afterLoad`. */
  begin(): void {
    if (this.pending.length) {
      this.holdTextWidths();
      this.sliceTimer = setTimeout(() => this.loadSlice(), 0);
    } else this.notifyLoaded();
  }

  /** Drops the waiting stacks and any slice to come (a new file, or the workspace goes away). */
  cancel(): void {
    this.releaseTextWidths();
    if (this.sliceTimer !== undefined) clearTimeout(this.sliceTimer);
    this.sliceTimer = undefined;
    this.cancelIdle?.();
    this.cancelIdle = undefined;
    this.pending = [];
    this.box = undefined;
    setEveryStackBuilder(this.workspace, undefined);
  }

  dispose(): void {
    this.disposed = true;
    this.cancel();
    for (const waiter of this.loadedWaiters.splice(0)) waiter();
    for (const waiter of this.builtWaiters.splice(0)) waiter();
  }

  /** The waiting stacks' guessed boxes together (undefined: none wait). */
  bounds(): Box | undefined {
    if (this.pending.length === 0) return undefined;
    if (!this.box) {
      const scale = this.scale ?? measureScale(this.workspace);
      this.box = unionBox(this.pending.map((stack) => estimatedBox(stack, scale)));
    }
    return this.box;
  }

  /** The view in workspace units (empty when the workspace is not laid out). */
  private viewBox(): Box | undefined {
    const metrics = this.workspace.getMetricsManager().getViewMetrics(true);
    if (!(metrics.width > 0 && metrics.height > 0)) return undefined;
    return {
      left: metrics.left,
      top: metrics.top,
      right: metrics.left + metrics.width,
      bottom: metrics.top + metrics.height,
    };
  }

  /** The waiting stacks to build now: all unless lazy; else those near the view (none: no view yet). */
  private wanted(): WaitingStack[] {
    if (!this.lazy) return this.pending;
    const view = this.viewBox();
    if (!view) return [];
    this.scale ??= measureScale(this.workspace);
    const scale = this.scale;
    return this.pending.filter((stack) => isNear(stack, scale, view));
  }

  /**
   * The view moved (scroll, zoom, resize): waiting stacks now in view are built at once (no empty
   * place shown), those near it in slices.
   */
  wakeNear(): void {
    if (!this.lazy || this.pending.length === 0 || this.sliceTimer !== undefined || this.adding) return;
    const near = this.wanted();
    if (near.length === 0) return;
    const view = this.viewBox()!;
    const scale = this.scale!;
    const inView = near.filter((stack) => !isOffscreen(estimatedBox(stack, scale), view, 0));
    this.holdTextWidths();
    if (inView.length) this.add(inView, true);
    this.sliceTimer = setTimeout(() => this.loadSlice(), 0);
  }

  /** Builds these waiting stacks now (`last`: the workspace resizes after). */
  private add(stacks: readonly WaitingStack[], last: boolean): void {
    const taking = new Set(stacks);
    this.pending = this.pending.filter((stack) => !taking.has(stack));
    this.box = undefined;
    if (this.pending.length === 0) setEveryStackBuilder(this.workspace, undefined);
    // The host's `afterAdd` takes the new stacks far out of view out of the page before the next
    // frame (offscreen-stacks.ts): Chromium never styles them (a third of building every stack at
    // 1,000 blocks was the style pass after it, profiled). Blockly draws them in the page, where
    // any word not measured ahead (text-widths.ts) still reads its real style.
    this.adding = true;
    try {
      appendStacks(this.workspace, stacks, last);
      this.host.afterAdd();
    } finally {
      this.adding = false;
    }
  }

  private loadSlice(): void {
    this.sliceTimer = undefined;
    const wanted = this.wanted();
    if (wanted.length) {
      // As many stacks as fit in a slice, added in one go: each addition makes Blockly measure
      // the whole workspace once, so one per slice, not one per stack.
      const count = this.msPerStack === undefined ? 1 : Math.max(1, Math.floor(SLICE_MS / this.msPerStack));
      const started = performance.now();
      const stacks = wanted.slice(0, count);
      this.add(stacks, wanted.length <= count);
      this.noteTimePerStack(performance.now() - started, stacks.length);
      if (wanted.length > count) {
        this.sliceTimer = setTimeout(() => this.loadSlice(), 0);
        return;
      }
    }
    this.notifyLoaded();
  }

  /** The workspace went out of sight: idle building waits (stacks wanted on demand still build). */
  pause(): void {
    this.paused = true;
    this.cancelIdle?.();
    this.cancelIdle = undefined;
  }

  /** Back in sight: idle building goes on where it stopped. */
  resume(): void {
    this.paused = false;
    this.scheduleIdleBuild();
  }

  /** Adds every waiting stack at once: for whatever reads or changes every block. */
  finish(): void {
    if (this.pending.length === 0) return;
    // Benches and profiles see when every waiting stack was built (it costs about 1 s at 1,000 blocks).
    performance.mark('blockyard:blocks:build-every-stack');
    if (this.sliceTimer !== undefined) clearTimeout(this.sliceTimer);
    this.sliceTimer = undefined;
    this.add(this.pending, true);
    this.notifyLoaded();
  }

  /** Builds the waiting stack holding block `id`; false when none does. */
  buildHolding(id: string): boolean {
    const stack = this.pending.find((waiting) => holdsId(waiting.element, id));
    if (!stack) return false;
    this.add([stack], true);
    return true;
  }

  /**
   * Keeps Blockly's text-width cache from one loading slice to the next. Each Blockly load call
   * opens and closes it, so every slice measured the same words again ("show number", "if"…),
   * and each measurement asks for the computed style of a page the slice just changed, which
   * makes Chromium recalculate styles: a tenth of the load's main thread at 1,000 blocks
   * (profiled). The widths stay right while the fonts do: a theme change starts a new cache.
   */
  private holdTextWidths(): void {
    if (this.holdingTextWidths) return;
    this.holdingTextWidths = true;
    Blockly.utils.dom.startTextWidthCache();
  }

  private releaseTextWidths(): void {
    if (!this.holdingTextWidths) return;
    this.holdingTextWidths = false;
    Blockly.utils.dom.stopTextWidthCache();
  }

  /** The theme changed: widths measured in the old fonts are forgotten. */
  themeChanged(): void {
    if (!this.holdingTextWidths) return;
    this.releaseTextWidths();
    this.holdTextWidths();
  }

  private notifyLoaded(): void {
    this.releaseTextWidths();
    this.host.afterLoad();
    for (const waiter of this.loadedWaiters.splice(0)) waiter();
    if (this.pending.length === 0) for (const waiter of this.builtWaiters.splice(0)) waiter();
    else this.scheduleIdleBuild();
  }

  /** Builds the waiting stacks in idle slices, nearest the view first (see `idleBuilding`). */
  private scheduleIdleBuild(): void {
    if (!this.idleBuilding || this.pending.length === 0 || this.cancelIdle || this.disposed || this.paused) return;
    this.cancelIdle = whenIdle((budget) => {
      this.cancelIdle = undefined;
      this.idleSlice(budget);
    });
  }

  private idleSlice(budget: SliceBudget): void {
    if (!this.idleBuilding || this.pending.length === 0 || this.disposed || this.paused) return;
    // The load's own slices, a drag, an open field editor or menu, or input waiting: later.
    const busy =
      this.sliceTimer !== undefined ||
      this.adding ||
      this.workspace.isDragging() ||
      Blockly.WidgetDiv.isVisible() ||
      Blockly.DropDownDiv.isVisible();
    const ms = busy ? 0 : budget();
    // Idle with time left: at least one stack (one of ten blocks takes about 10 ms on a quiet
    // machine; waiting for a longer idle period would never end on a busy one).
    if (ms < MIN_IDLE_MS) {
      this.scheduleIdleBuild();
      return;
    }
    // By the slowest stack seen so far (an average let slices grow past 100 ms on a busy machine).
    const count = Math.max(1, Math.floor(ms / (this.idleMsPerStack ?? ms)));
    const started = performance.now();
    const stacks = this.nearestWaiting(count);
    // Resized at each slice: the learner may be editing between two of them.
    this.add(stacks, true);
    // Benches see each slice's length (bench/benches/blocks-render.bench.ts).
    performance.measure('blockyard:blocks:idle-slice', { start: started, end: performance.now() });
    this.idleMsPerStack = Math.max(this.idleMsPerStack ?? 0, (performance.now() - started) / stacks.length);
    if (this.pending.length) {
      this.host.afterIdleSlice();
      this.scheduleIdleBuild();
    } else this.notifyLoaded();
  }

  /** The `count` waiting stacks nearest the view (by their guessed boxes' centres). */
  private nearestWaiting(count: number): WaitingStack[] {
    const view = this.viewBox();
    if (!view) return this.pending.slice(0, count);
    const scale = (this.scale ??= measureScale(this.workspace));
    const cx = (view.left + view.right) / 2;
    const cy = (view.top + view.bottom) / 2;
    const distance = (stack: WaitingStack) => {
      const box = estimatedBox(stack, scale);
      return Math.hypot((box.left + box.right) / 2 - cx, (box.top + box.bottom) / 2 - cy);
    };
    return this.pending
      .map((stack) => ({ stack, d: distance(stack) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, count)
      .map((entry) => entry.stack);
  }

  private noteTimePerStack(elapsed: number, stacks: number): void {
    const perStack = elapsed / stacks;
    this.msPerStack = Math.max(0.1, this.msPerStack === undefined ? perStack : (this.msPerStack + perStack) / 2);
  }

  /** Resolves once no stack of the file waits any more (built when idle, near the view or on demand). */
  everyStackBuilt(): Promise<void> {
    if (this.pending.length === 0 || this.disposed) return Promise.resolve();
    this.scheduleIdleBuild();
    return new Promise((resolve) => this.builtWaiters.push(resolve));
  }

  /**
   * Resolves once the load's own work is done: every stack in and near the view is built and
   * drawn. Stacks far from the view may still wait (`finish` builds them).
   */
  loaded(): Promise<void> {
    if (this.sliceTimer === undefined) return Promise.resolve();
    return new Promise((resolve) => this.loadedWaiters.push(resolve));
  }
}
