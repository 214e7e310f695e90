// One Blockly workspace on the page and everything done to it from outside: loading a file
// (refusing a bad one without losing it: the workspace then turns read-only, so nothing can save
// over it), saving after edits (debounced, only when the file really changed, and at once before
// the workspace goes away), errors shown as warnings on their blocks, themes, search and resizing.
// React-free, so the editor component stays small and this can be driven from tests.

import * as Blockly from 'blockly/core';
import type { BlocksEnvironment } from '../environment/blocks-environment.ts';
import type { WorkspaceServices } from '../environment/environment-link.ts';
import { formatMessage } from '../environment/messages.ts';
import { onFinishedDrags } from '../drag/finished-drags.ts';
import type { BlocksThemeName } from '../theme/blockly-theme.ts';
import { BlockBreakpoints } from './block-breakpoints.ts';
import { blockLabel } from './block-label.ts';
import { createBlocksWorkspace, START_SCALE } from './create-workspace.ts';
import { keepKeyboardFocus } from './keyboard-focus-keeper.ts';
import { unionBox } from './far-stacks.ts';
import { drawStacksInPage, OffscreenStacks, revealOnFocus } from './offscreen-stacks.ts';
import { StackOutline } from './stack-outline.ts';
import { StackXmlCache } from './stack-xml-cache.ts';
import { carryUndo, type WorkspaceHandOver } from './undo-carry.ts';
import { countEveryUseBeforeDeleting } from './variable-uses.ts';
import { SLICE_MS, WaitingStacks } from './waiting-stacks.ts';
import { loadWorkspaceXml, saveWorkspaceXml } from './workspace-xml.ts';
import type { BlockNode } from '@blockyard/language';
import type { ToolboxFilter } from '../toolbox/toolbox-filter.ts';

export interface BlockError {
  readonly blockId: string;
  readonly message: string;
}

export interface WorkspaceControllerOptions {
  readonly environment: BlocksEnvironment;
  readonly container: HTMLElement;
  readonly theme: BlocksThemeName;
  readonly readOnly: boolean;
  readonly media: string;
  readonly services: WorkspaceServices;
  readonly changeDelayMs: number;
  readonly onChange: (xml: string) => void;
  /**
   * Once a loaded file's stacks are all in the save cache: the file as the next save will write
   * it, when that differs from the text loaded (another writer's layout, ids or order), so the
   * compiler worker can read it ahead of the first edit. Not an edit: nothing changed.
   */
  readonly onPrimed?: (xml: string) => void;
  /** A plain-language problem with the file, or null once a file loaded fine. */
  readonly onLoadProblem: (message: string | null) => void;
  readonly sounds?: boolean;
  /** Lay the workspace out right to left (Arabic, Hebrew…): blocks, toolbox and scrollbars mirror. */
  readonly rtl?: boolean;
  /** A tutorial's view of the toolbox (toolbox-filter.ts); change it with `setToolboxFilter`. */
  readonly toolboxFilter?: ToolboxFilter;
  /**
   * Build stacks far from the view only when the view comes near them (far-stacks.ts; default
   * true). False: every stack is built behind the first view, in slices, as before.
   */
  readonly lazyStacks?: boolean;
}

const WARNING_ID = 'blockyard-problem';
/** Space kept between the view's top-left corner and the first blocks (pixels). */
const VIEW_MARGIN = 24;
/** Room left for an open toolbox flyout (it covers the workspace's left side) when it fits. */
const FLYOUT_ROOM = 260;
/** While a drag goes on, how often to look whether it ended (ms). */
const DRAG_CHECK_MS = 50;
/** Stacks whose top-left corner is inside the first view (the view starts at the content's top-left). */
function inFirstView(width: number, height: number) {
  return (block: BlockNode, all: readonly BlockNode[]) => {
    const left = Math.min(...all.map((b) => b.x ?? 0));
    const top = Math.min(...all.map((b) => b.y ?? 0));
    return (block.x ?? 0) - left < width && (block.y ?? 0) - top < height;
  };
}

/** How long to wait for a frame before giving up on one (a hidden page draws none). */
const SETTLE_TIMEOUT_MS = 500;

/**
 * Runs `work` once, in the task queued by the next frame (framed: true), or after
 * SETTLE_TIMEOUT_MS when no frame comes (framed: false).
 */
function afterNextFrame(work: (framed: boolean) => void): void {
  let done = false;
  const once = (framed: boolean) => {
    if (done) return;
    done = true;
    work(framed);
  };
  const fallback = setTimeout(() => once(false), SETTLE_TIMEOUT_MS);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(fallback);
      once(true);
    }, 0),
  );
}

/**
 * Resolves true once Blockly has handed the change events queued before the call to its
 * listeners: it queues their delivery on the next animation frame, as a 0 ms task; a frame
 * callback asked for later runs after it, and its task after that one. False when no frame came.
 */
function afterQueuedEvents(): Promise<boolean> {
  return new Promise((resolve) => afterNextFrame(resolve));
}

export class BlocksWorkspaceController {
  readonly workspace: Blockly.WorkspaceSvg;
  /** The debugger's marks: breakpoints and the block a paused program is at. */
  readonly breakpoints: BlockBreakpoints;
  private readonly options: WorkspaceControllerOptions;
  private lastXml: string | undefined;
  /** The text getXml last gave, while the workspace has not changed since. */
  private read: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private loading = false;
  private loadFailed = false;
  private disposed = false;
  /** Kept out of sight behind another editor (see `hide`): no idle building meanwhile. */
  private hidden = false;
  private query = '';
  private searching = false;
  private toolboxFilter: ToolboxFilter | undefined;
  private theme: BlocksThemeName;
  private warned = new Set<string>();
  private errors: readonly BlockError[] = [];
  /**
   * Stacks of the current file not on the workspace yet: big programs load the first view at
   * once, the stacks near it in slices, and the far ones when the view comes near or when idle.
   */
  private readonly waiting: WaitingStacks;
  /** Saved text per stack: an edit re-serializes only the stacks it touched. */
  private readonly stacks = new StackXmlCache();
  private primeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listener: (event: Blockly.Events.Abstract) => void;
  private readonly stopKeepingFocus: () => void;
  private readonly stopDragReports: () => void;
  /** Stacks far out of view are not drawn (each frame's cost grows with what is drawn). */
  private readonly offscreen: OffscreenStacks;
  /** Every stack's words for screen readers, drawn or not (stack-outline.ts). */
  private readonly outline: StackOutline;

  constructor(options: WorkspaceControllerOptions) {
    this.options = options;
    this.theme = options.theme;
    this.toolboxFilter = options.toolboxFilter;
    this.workspace = createBlocksWorkspace(options.container, options.environment, {
      theme: options.theme,
      readOnly: options.readOnly,
      media: options.media,
      services: options.services,
      searchQuery: () => this.query,
      ...(options.toolboxFilter ? { toolboxFilter: options.toolboxFilter } : {}),
      ...(options.sounds === undefined ? {} : { sounds: options.sounds }),
      ...(options.rtl === undefined ? {} : { rtl: options.rtl }),
    });
    this.breakpoints = new BlockBreakpoints(this.workspace);
    this.listener = (event) => this.onEvent(event);
    this.workspace.addChangeListener(this.listener);
    document.addEventListener('input', this.onFieldInput);
    this.stopDragReports = onFinishedDrags(this.workspace, this.onDrop);
    this.stopKeepingFocus = keepKeyboardFocus(this.workspace);
    this.offscreen = new OffscreenStacks(this.workspace);
    this.outline = new StackOutline(options.container, this.workspace, options.environment.messages.stackOutline, {
      landmark: !options.readOnly,
    });
    // Blockly makes every workspace a region named "Blocks workspace."; a read-only one is a
    // picture inside another part of the page (a tutorial hint beside the editor), where a second
    // region of that name would leave screen-reader users two landmarks they cannot tell apart.
    if (options.readOnly) this.workspace.getSvgGroup().setAttribute('role', 'group');
    this.waiting = new WaitingStacks({
      workspace: this.workspace,
      afterAdd: () => {
        // Before the frame: the new stacks out of view are never drawn at all.
        this.offscreen.update();
        this.outline.schedule();
      },
      afterIdleSlice: () => {
        if (this.errors.length) this.setErrors(this.errors);
      },
      afterLoad: () => this.afterLoad(),
    });
    revealOnFocus();
    drawStacksInPage();
    // The workspace's size (scrollbars, scroll to centre, zoom to fit) includes the stacks still waiting.
    const ownBox = this.workspace.getBlocksBoundingBox.bind(this.workspace);
    this.workspace.getBlocksBoundingBox = () => {
      const box = ownBox();
      const waiting = this.waiting.bounds();
      if (!waiting) return box;
      const empty = box.top === box.bottom && box.left === box.right;
      const all = empty ? waiting : unionBox([box, waiting])!;
      return new Blockly.utils.Rect(all.top, all.bottom, all.left, all.right);
    };
    // Keyboard navigation (and the screen-reader tree it walks) and the workspace's context menu
    // (clean up, delete all…) reach every stack: build the waiting ones first. Tabbing into the
    // workspace shows as a keyboard focus (`:focus-visible`), a click does not.
    options.container.addEventListener('focusin', this.onKeyOrMenu, true);
    options.container.addEventListener('keydown', this.onKeyOrMenu, true);
    options.container.addEventListener('contextmenu', this.onKeyOrMenu, true);
    options.container.addEventListener('pointerdown', this.onKeyOrMenu, true);
    this.guardVariables();
    countEveryUseBeforeDeleting();
  }

  private readonly onKeyOrMenu = (event: Event): void => {
    if (this.waiting.count === 0) return;
    if (event.type === 'pointerdown' && (event as PointerEvent).button !== 2) return;
    const target = event.target as Element | null;
    if (event.type === 'keydown' && target?.classList?.contains('blocklyHtmlInput')) return;
    if (event.type === 'focusin') {
      // Only keyboard focus coming in from the rest of the page: not a click, not focus moving
      // inside the workspace, not focus coming back from a field editor (Enter after typing a
      // number: its text box is gone, so focus comes from nowhere).
      const from = (event as FocusEvent).relatedTarget as Element | null;
      if (!from || this.options.container.contains(from) || !target?.matches?.(':focus-visible')) return;
      if (from.closest?.('.blocklyWidgetDiv, .blocklyDropDownDiv')) return;
    }
    this.finishLoading();
  };

  /**
   * Renaming or deleting a variable changes every block that uses it: the waiting stacks are
   * built first, so none keeps the old name or a deleted variable. (Blockly's "Delete N uses?"
   * question counts the uses before this runs: `variable-uses.ts` builds them before it asks.)
   */
  private guardVariables(): void {
    const map = this.workspace.getVariableMap() as unknown as Record<string, unknown>;
    for (const name of ['renameVariable', 'deleteVariable', 'changeVariableType']) {
      const original = map[name];
      if (typeof original !== 'function') continue;
      map[name] = (...args: unknown[]) => {
        this.finishLoading();
        return (original as (...a: unknown[]) => unknown).apply(map, args);
      };
    }
  }

  /**
   * Whether the stacks still waiting after a load are built in small slices while the page is
   * idle (see `WaitingStacks.idleBuilding`). Tests watching far stacks wait set it false.
   */
  get idleBuilding(): boolean {
    return this.waiting.idleBuilding;
  }

  set idleBuilding(on: boolean) {
    this.waiting.idleBuilding = on;
  }

  /** Shows a file (skipped when it is what the workspace already holds). */
  setXml(xml: string): void {
    // `read`: the editor read the workspace (getXml) and handed that text back as the project's
    // (a tab switch does): reloading it drew 1,000 blocks again before the other tab showed.
    if (xml === this.lastXml || xml === this.read) return;
    this.load(xml);
  }

  load(xml: string): boolean {
    this.read = undefined;
    this.cancelSave();
    this.cancelSlices();
    this.loading = true;
    this.stacks.clear();
    try {
      const view = this.workspace.getMetricsManager().getViewMetrics();
      const scale = this.workspace.scale;
      const { rest } = loadWorkspaceXml(this.workspace, this.options.environment, xml, {
        firstStacks: inFirstView(view.width / scale, view.height / scale),
      });
      // Stacks whose file model would not save as Blockly writes them are built with the load.
      const lazy = this.options.lazyStacks !== false && !this.workspace.RTL && rest.every((stack) => stack.exact);
      this.waiting.reset(rest, lazy);
      this.lastXml = xml;
      if (this.loadFailed) this.workspace.setIsReadOnly(this.options.readOnly);
      this.loadFailed = false;
      this.options.onLoadProblem(null);
      this.warned.clear();
      this.scrollToStart();
      this.offscreen.schedule();
      this.waiting.begin();
      return true;
    } catch (error) {
      // The file stays as it is: the workspace cannot be edited, so nothing saves over it.
      this.loadFailed = true;
      this.lastXml = xml;
      this.workspace.clear();
      this.workspace.setIsReadOnly(true);
      this.options.onLoadProblem(error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      this.loading = false;
      this.outline.schedule();
    }
  }

  /**
   * What a successor workspace needs to take over from this one (the file with any pending edit,
   * undo and redo, the view): see `continueFrom`.
   */
  handOver(): WorkspaceHandOver {
    const xml = this.getXml();
    const workspace = this.workspace;
    return {
      xml,
      undo: [...workspace.getUndoStack()],
      redo: [...workspace.getRedoStack()],
      rtl: workspace.RTL,
      width: workspace.RTL ? workspace.getWidth() : 0,
      view: { scale: workspace.scale, scrollX: workspace.scrollX, scrollY: workspace.scrollY },
    };
  }

  /**
   * Shows what another workspace handed over as if nothing had happened: the same file, undo
   * and redo still working, the same zoom and scroll when the direction did not change.
   */
  continueFrom(from: WorkspaceHandOver): void {
    if (!this.load(from.xml)) return;
    this.finishLoading();
    carryUndo(from, this.workspace);
    if (from.view && from.rtl === this.workspace.RTL) {
      this.workspace.setScale(from.view.scale);
      this.workspace.scroll(from.view.scrollX, from.view.scrollY);
    }
  }

  /**
   * Shows the corner of the program where learners start reading (top left, or top right in a
   * right-to-left language); a program narrow enough starts beside where an open toolbox flyout
   * would cover it.
   */
  private scrollToStart(): void {
    if (this.workspace.getTopBlocks(false).length === 0) return;
    const box = this.workspace.getBlocksBoundingBox();
    const scale = this.workspace.scale;
    const view = this.workspace.getMetricsManager().getViewMetrics();
    const width = (box.right - box.left) * scale;
    const margin = width + FLYOUT_ROOM + 2 * VIEW_MARGIN <= view.width ? FLYOUT_ROOM + VIEW_MARGIN : VIEW_MARGIN;
    const x = this.workspace.RTL ? view.width - margin - box.right * scale : margin - box.left * scale;
    this.workspace.scroll(x, VIEW_MARGIN - box.top * scale);
  }

  /**
   * Adds whatever of the file is still waiting, at once: for whatever reads or changes every block
   * (keyboard navigation, context menus, variable and function renames, tests).
   */
  finishLoading(): void {
    this.waiting.finish();
  }

  /** A block on the workspace by id; in a stack still waiting far from the view, that stack is built first. */
  blockById(id: string): Blockly.BlockSvg | null {
    const block = this.workspace.getBlockById(id);
    if (block || !this.waiting.buildHolding(id)) return block;
    if (this.errors.length) this.setErrors(this.errors);
    this.breakpoints.refresh();
    return this.workspace.getBlockById(id);
  }

  private cancelSlices(): void {
    this.waiting.cancel();
    if (this.primeTimer !== undefined) clearTimeout(this.primeTimer);
    this.primeTimer = undefined;
  }

  /** Fills the per-stack save cache in small slices once a file is on the workspace. */
  private schedulePrime(): void {
    if (this.primeTimer !== undefined || this.loadFailed) return;
    this.primeTimer = setTimeout(() => {
      this.primeTimer = undefined;
      const deadline = performance.now() + SLICE_MS;
      // Not mid-drag: Blockly moves blocks around without events then (insertion markers).
      if (this.workspace.isDragging()) this.schedulePrime();
      else if (!this.stacks.prime(this.workspace, () => performance.now() < deadline)) this.schedulePrime();
      else this.reportPrimed();
    }, 0);
  }

  private reportPrimed(): void {
    if (!this.options.onPrimed || this.loadFailed) return;
    // Every stack is cached: this costs the joining of their texts.
    const xml = this.stacks.save(this.workspace);
    if (xml !== this.lastXml) this.options.onPrimed(xml);
  }

  /** The load's own work is done (or the last waiting stack is built): marks, breakpoints, save cache. */
  private afterLoad(): void {
    if (this.errors.length) this.setErrors(this.errors);
    this.breakpoints.refresh();
    this.schedulePrime();
  }

  /** Resolves once no stack of the file waits any more (built when idle, near the view or on demand). */
  everyStackBuilt(): Promise<void> {
    return this.disposed ? Promise.resolve() : this.waiting.everyStackBuilt();
  }

  /**
   * Resolves once the load's own work is done: every stack in and near the view is built and
   * drawn. Stacks far from the view may still wait (`finishLoading` builds them).
   */
  loaded(): Promise<void> {
    return this.waiting.loaded();
  }

  /**
   * A keystroke in a field's text box (text, number): Blockly reports it only on its next
   * animation frame (tens of milliseconds later, more on a busy page), so the edit the learner
   * already sees is saved now, in the keystroke's own task, for the edit journal to keep it
   * should the browser die a moment later. Its event, when it comes, finds nothing new.
   */
  private readonly onFieldInput = (event: Event): void => {
    const target = event.target as { classList?: DOMTokenList } | null;
    if (!target?.classList?.contains('blocklyHtmlInput') || this.loading || this.waiting.busy || this.loadFailed) {
      return;
    }
    const selected = Blockly.common.getSelected();
    if (!(selected instanceof Blockly.BlockSvg) || selected.workspace !== this.workspace) return;
    this.stacks.noteBlock(this.workspace, selected.id);
    this.saveNow();
  };

  /**
   * A drag ended (a drop, a delete on the bin, a keyboard move): as with a keystroke above, the
   * edit is saved in the drop's own task, not after the frame Blockly reports it on. A page that
   * stalls right after the drop and is closed runs neither that frame nor `pagehide`'s reading in
   * time: the edit journal then keeps only what was recorded in this task.
   */
  private readonly onDrop = (stackIds: readonly string[]): void => {
    if (this.loading || this.waiting.busy || this.loadFailed || this.disposed) return;
    for (const id of stackIds) this.stacks.noteStack(id);
    this.outline.schedule();
    this.saveNow();
  };

  /** Saves the stacks just noted as changed, in this task, instead of after the save's delay. */
  private saveNow(): void {
    this.read = undefined;
    this.cancelSave();
    this.emitIfChanged();
  }

  private onEvent(event: Blockly.Events.Abstract): void {
    // Scrolls, zooms, moves, new and grown stacks: look again which stacks are in view.
    this.offscreen.schedule();
    if (event instanceof Blockly.Events.ViewportChange && !this.loading) this.waiting.wakeNear();
    if (this.loading || this.waiting.busy || this.loadFailed || event.isUiEvent) return;
    this.read = undefined;
    this.stacks.noteEvent(this.workspace, event);
    this.outline.schedule();
    this.scheduleSave();
  }

  private scheduleSave(delay = this.options.changeDelayMs): void {
    this.cancelSave();
    this.timer = setTimeout(() => this.flush(), delay);
  }

  private cancelSave(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Saves now if there is an edit waiting. */
  flush(): void {
    if (this.timer === undefined) return;
    this.cancelSave();
    if (this.workspace.isDragging()) {
      this.scheduleSave(Math.max(this.options.changeDelayMs, DRAG_CHECK_MS));
      return;
    }
    this.emitIfChanged();
  }

  private emitIfChanged(): void {
    if (this.loadFailed) return;
    // Stacks built from a file Blockly would write differently are all built before saving.
    const waiting = this.waiting.forSaving();
    const started = performance.now();
    const xml = this.stacks.save(this.workspace, waiting);
    // Read by the editor benchmark's breakdown (bench/benches/editor-edit.bench.ts).
    performance.measure('blockyard:blocks:save', { start: started, end: performance.now() });
    if (xml === this.lastXml) return;
    this.lastXml = xml;
    this.options.onChange(xml);
  }

  getXml(): string {
    if (this.loadFailed) return this.lastXml ?? '';
    // Stacks not built yet are written from the file's model: reading the file draws nothing.
    const xml = saveWorkspaceXml(this.workspace, this.waiting.forSaving());
    this.read = xml;
    return xml;
  }

  /**
   * What getXml gives, made from the per-stack save cache: getXml writes every stack again
   * (about 100 ms at 1,000 blocks, several times that on a busy page: most of a tab switch's
   * start). Blockly tells its listeners of a change only after the next frame (then a task), so
   * this waits for that first: every change made before the call has then reached the cache.
   * Without a frame in time (a hidden page) it is getXml.
   */
  async settledXml(): Promise<string> {
    const settled = await afterQueuedEvents();
    if (this.disposed) return this.read ?? this.lastXml ?? '';
    if (!settled || this.loadFailed || this.workspace.isDragging()) return this.getXml();
    // Stacks far from the view stay waiting: they are written from the file's model, as getXml does.
    const xml = this.stacks.save(this.workspace, this.waiting.forSaving());
    this.read = xml;
    return xml;
  }

  setTheme(theme: BlocksThemeName): void {
    // The editor sets its theme once it is made: redrawing in the same one cost 50-110 ms of
    // the first blocks (bench first-minute profile).
    if (theme === this.theme) return;
    this.theme = theme;
    // Widths measured in the old theme's fonts: the slices still to load measure afresh.
    this.waiting.themeChanged();
    this.workspace.setTheme(this.options.environment.theme(theme));
  }

  /** The words of a block on the workspace ("show number"), for messages about it. */
  blockLabel(blockId: string): string | undefined {
    const block = this.blockById(blockId);
    return block ? blockLabel(block) : undefined;
  }

  setErrors(errors: readonly BlockError[]): void {
    this.errors = errors;
    const byBlock = new Map<string, string[]>();
    for (const error of errors) {
      let block = this.workspace.getBlockById(error.blockId);
      while (block?.isShadow()) block = block.getParent();
      if (!block) continue;
      const list = byBlock.get(block.id) ?? [];
      list.push(formatMessage(this.options.environment.messages.problemOnBlock, { message: error.message }));
      byBlock.set(block.id, list);
    }
    for (const id of this.warned) {
      if (!byBlock.has(id)) this.workspace.getBlockById(id)?.setWarningText(null, WARNING_ID);
    }
    for (const [id, texts] of byBlock) this.workspace.getBlockById(id)?.setWarningText(texts.join('\n'), WARNING_ID);
    this.warned = new Set(byBlock.keys());
  }

  /** Shows the blocks matching `query` in the toolbox's flyout (an empty query closes it). */
  setQuery(query: string): number {
    this.query = query;
    const searching = query.trim() !== '';
    const toolbox = this.workspace.getToolbox() as Blockly.Toolbox | null;
    if (!toolbox) return 0;
    if (searching !== this.searching) {
      this.searching = searching;
      this.workspace.updateToolbox(this.options.environment.toolboxJson({ searching }, this.toolboxFilter));
    }
    if (searching) {
      if (toolbox.getSelectedItem() === toolbox.getToolboxItems()[0]) toolbox.refreshSelection();
      else toolbox.selectItemByPosition(0);
      return this.options.environment.search(query).length;
    }
    toolbox.clearSelection();
    return 0;
  }

  /** Shows a tutorial's view of the toolbox (undefined: the whole toolbox again). */
  setToolboxFilter(filter: ToolboxFilter | undefined): void {
    if (filter === this.toolboxFilter) return;
    this.toolboxFilter = filter;
    if (!this.workspace.getToolbox()) return;
    this.workspace.updateToolbox(this.options.environment.toolboxJson({ searching: this.searching }, filter));
  }

  /** Resolves once every block on the workspace is drawn (see `loaded` for the whole file). */
  async rendered(): Promise<void> {
    await Blockly.renderManagement.finishQueuedRenders();
  }

  /** Moves keyboard focus into the search results. */
  focusFlyout(): void {
    const flyout = this.workspace.getFlyout();
    const target = flyout?.getWorkspace();
    if (target) Blockly.getFocusManager().focusTree(target);
  }

  undo(): void {
    this.workspace.undo(false);
  }

  redo(): void {
    this.workspace.undo(true);
  }

  zoomIn(): void {
    this.workspace.zoomCenter(1);
  }

  zoomOut(): void {
    this.workspace.zoomCenter(-1);
  }

  zoomReset(): void {
    this.workspace.setScale(START_SCALE);
    this.workspace.scrollCenter();
  }

  focus(): void {
    Blockly.getFocusManager().focusTree(this.workspace);
  }

  resize(): void {
    Blockly.svgResize(this.workspace);
    this.offscreen.schedule();
    this.waiting.wakeNear();
  }

  /** Stops sounds and closes this workspace's pop-ups (field editors, menus, tooltips). */
  private closePopUps(): void {
    this.options.services.audioPreview?.stopAll();
    // Blockly's pop-ups are shared by the page: close them only if they belong to this workspace.
    const owner = Blockly.DropDownDiv.getOwner()?.getSourceBlock()?.workspace;
    if (owner && (owner === this.workspace || (owner as Blockly.WorkspaceSvg).targetWorkspace === this.workspace)) {
      Blockly.DropDownDiv.hideWithoutAnimation();
    }
    Blockly.WidgetDiv.hideIfOwnerIsInWorkspace(this.workspace);
    Blockly.Tooltip.hide();
  }

  /**
   * The editor goes out of sight behind another one (the Python or JavaScript tab) and is kept,
   * so that coming back shows this very workspace (undo, selection, view) instead of building
   * it again. A waiting edit is saved now, pop-ups and the toolbox's flyout close, focus leaves
   * it, and stacks far from the view wait instead of being built at idle.
   */
  hide(): void {
    if (this.hidden || this.disposed) return;
    this.hidden = true;
    this.flush();
    this.closePopUps();
    const flyout = this.workspace.getFlyout();
    if (flyout?.isVisible() && flyout.autoClose) flyout.hide();
    (this.workspace.getToolbox() as Blockly.Toolbox | null)?.clearSelection();
    this.waiting.pause();
    const focused = document.activeElement;
    if (focused instanceof HTMLElement || focused instanceof SVGElement)
      if (this.options.container.contains(focused)) focused.blur();
  }

  /** Back in sight (see `hide`): Blockly sizes the workspace to its place again. */
  show(): void {
    if (!this.hidden || this.disposed) return;
    this.hidden = false;
    this.resize();
    this.waiting.resume();
  }

  /**
   * `later`: when the workspace is off the page already (its editor closed for another tab), Blockly's
   * own teardown of it (about 250 ms at 1,000 blocks) waits until the next frame is drawn, so the
   * other tab shows first. Everything else (saving a waiting edit, listeners, pop-ups) is now.
   */
  dispose(later = false): void {
    this.disposed = true;
    // An edit made just before the editor closes is saved, never dropped.
    this.flush();
    this.cancelSave();
    this.cancelSlices();
    this.waiting.dispose();
    this.workspace.removeChangeListener(this.listener);
    document.removeEventListener('input', this.onFieldInput);
    this.stopDragReports();
    this.options.container.removeEventListener('focusin', this.onKeyOrMenu, true);
    this.options.container.removeEventListener('keydown', this.onKeyOrMenu, true);
    this.options.container.removeEventListener('contextmenu', this.onKeyOrMenu, true);
    this.options.container.removeEventListener('pointerdown', this.onKeyOrMenu, true);
    this.stopKeepingFocus();
    this.offscreen.dispose();
    this.outline.dispose();
    this.closePopUps();
    const workspace = this.workspace;
    const teardown = () => {
      const started = performance.now();
      workspace.dispose();
      // Read by the python-tab benchmark's breakdown (leaving Blocks for another tab).
      performance.measure('blockyard:blocks:dispose', { start: started, end: performance.now() });
    };
    // Only off the page: on it (React's development double mount) the next workspace would be
    // drawn into the same element while this one is still there.
    if (later && !workspace.getInjectionDiv().isConnected) afterNextFrame(teardown);
    else teardown();
  }
}
