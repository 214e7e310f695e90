// Breakpoints on blocks (issue 18): a red dot on each block the program stops at, the block the
// paused program is at highlighted and scrolled into view, and "Add breakpoint" / "Remove
// breakpoint" in a block's context menu and on F9. Blockly's context menu and shortcut
// registries are global (one per page), so the items are registered once and find the
// workspace's own debugger through a WeakMap.

import * as Blockly from 'blockly/core';
import { needEveryStack } from './far-stacks.ts';

/** What a workspace's host does with breakpoints; none registered: no menu item, no key. */
export interface BlockDebugHost {
  /** The menu item's words for a block with or without a breakpoint. */
  readonly label: (has: boolean) => string;
  readonly toggle: (blockId: string) => void;
}

const BREAKPOINT_CLASS = 'blockyard-breakpoint';
const DOT_CLASS = 'blockyard-breakpoint-dot';
const SVG_NS = 'http://www.w3.org/2000/svg';
const BREAKPOINT_SHORTCUT = 'blockyard-toggle-breakpoint';

const hosts = new WeakMap<Blockly.WorkspaceSvg, BlockDebugHost>();
let registered = false;

/** Only statement blocks stop the program (a hat's start line is where the handler is registered). */
function canHaveBreakpoint(block: Blockly.Block | null | undefined): block is Blockly.BlockSvg {
  return (
    block instanceof Blockly.BlockSvg && !block.isShadow() && !block.isInFlyout && block.previousConnection !== null
  );
}

function register(): void {
  if (registered) return;
  registered = true;
  Blockly.ContextMenuRegistry.registry.register({
    id: 'blockyard-breakpoint',
    scopeType: Blockly.ContextMenuRegistry.ScopeType.BLOCK,
    weight: 20,
    associatedKeyboardShortcut: BREAKPOINT_SHORTCUT,
    displayText: (scope) => {
      const host = scope.block ? hosts.get(scope.block.workspace) : undefined;
      return host && scope.block ? host.label(scope.block.getSvgRoot().classList.contains(BREAKPOINT_CLASS)) : '';
    },
    preconditionFn: (scope) =>
      scope.block && hosts.has(scope.block.workspace) && canHaveBreakpoint(scope.block) ? 'enabled' : 'hidden',
    callback: (scope) => {
      if (scope.block) hosts.get(scope.block.workspace)?.toggle(scope.block.id);
    },
  });
  Blockly.ShortcutRegistry.registry.register({
    name: BREAKPOINT_SHORTCUT,
    keyCodes: [Blockly.utils.KeyCodes.F9],
    preconditionFn: (workspace) => hosts.has(workspace) && canHaveBreakpoint(selectedBlock()),
    callback: (workspace) => {
      const block = selectedBlock();
      if (!block) return false;
      hosts.get(workspace)?.toggle(block.id);
      return true;
    },
  });
}

function selectedBlock(): Blockly.BlockSvg | undefined {
  const focused = Blockly.getFocusManager().getFocusedNode();
  if (focused instanceof Blockly.BlockSvg) return focused;
  const selected = Blockly.common.getSelected();
  return selected instanceof Blockly.BlockSvg ? selected : undefined;
}

/** The breakpoints and the current block of one workspace. */
export class BlockBreakpoints {
  private marked = new Set<string>();
  private current: string | null = null;

  constructor(private readonly workspace: Blockly.WorkspaceSvg) {}

  /** Turns the menu item and F9 on (with a host) or off. */
  setHost(host: BlockDebugHost | null): void {
    register();
    if (host) hosts.set(this.workspace, host);
    else hosts.delete(this.workspace);
  }

  /**
   * Marks exactly these blocks. Ids of blocks not on the workspace are kept: a stack far from the
   * view is built later (far-stacks.ts), and `refresh` then marks its blocks.
   */
  show(ids: readonly string[]): void {
    const wanted = new Set(ids);
    for (const id of this.marked) if (!wanted.has(id)) this.mark(id, false);
    for (const id of wanted) this.mark(id, true);
    this.marked = wanted;
  }

  /** Highlights the block the program is paused at and brings it into view; null clears it. */
  setCurrent(id: string | null): void {
    if (id === this.current) return;
    this.current = id;
    let block = id ? this.workspace.getBlockById(id) : null;
    if (id && !block) {
      // In a stack far from the view, not built yet (far-stacks.ts).
      needEveryStack(this.workspace);
      block = this.workspace.getBlockById(id);
    }
    this.workspace.highlightBlock(block ? block.id : null);
    if (!block) return;
    this.workspace.scrollBoundsIntoView(block.getBoundingRectangleWithoutChildren(), 40);
  }

  /** Marks again after blocks were loaded or redrawn (the marks live on their SVG). */
  refresh(): void {
    const ids = [...this.marked];
    this.marked.clear();
    this.show(ids);
    const current = this.current;
    this.current = null;
    this.setCurrent(current);
  }

  private mark(id: string, on: boolean): void {
    const block = this.workspace.getBlockById(id);
    if (!block) return;
    const root = block.getSvgRoot();
    const existing = root.querySelector(`:scope > .${DOT_CLASS}`);
    if (on) {
      block.addClass(BREAKPOINT_CLASS);
      if (existing) return;
      const dot = document.createElementNS(SVG_NS, 'circle');
      dot.setAttribute('class', DOT_CLASS);
      dot.setAttribute('r', '7');
      dot.setAttribute('cx', '0');
      dot.setAttribute('cy', '0');
      root.append(dot);
    } else {
      block.removeClass(BREAKPOINT_CLASS);
      existing?.remove();
    }
  }
}
