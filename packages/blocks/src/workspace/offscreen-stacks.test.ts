// @vitest-environment happy-dom
import type * as Blockly from 'blockly/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Box,
  type CullableWorkspace,
  isOffscreen,
  drawStacksInPage,
  OFFSCREEN_CLASS,
  OffscreenStacks,
  revealOnFocus,
} from './offscreen-stacks.ts';

const view: Box = { left: 0, top: 0, right: 1000, bottom: 600 };

describe('isOffscreen', () => {
  it('keeps stacks in the view and within half a view around it drawn', () => {
    expect(isOffscreen({ left: 10, top: 10, right: 200, bottom: 100 }, view)).toBe(false);
    // Overlapping the view's edge.
    expect(isOffscreen({ left: 900, top: 500, right: 1400, bottom: 900 }, view)).toBe(false);
    // Within the margin: half the width (500) to the right, half the height (300) below.
    expect(isOffscreen({ left: 1490, top: 0, right: 1700, bottom: 50 }, view)).toBe(false);
    expect(isOffscreen({ left: 0, top: -400, right: 50, bottom: -290 }, view)).toBe(false);
  });

  it('hides stacks wholly beyond the margin on any side', () => {
    expect(isOffscreen({ left: 1510, top: 0, right: 1700, bottom: 50 }, view)).toBe(true);
    expect(isOffscreen({ left: -900, top: 0, right: -510, bottom: 50 }, view)).toBe(true);
    expect(isOffscreen({ left: 0, top: 910, right: 50, bottom: 1000 }, view)).toBe(true);
    expect(isOffscreen({ left: 0, top: -500, right: 50, bottom: -310 }, view)).toBe(true);
  });
});

/** Stands for Blockly's block canvas: the stacks' groups live in it. */
function canvas(): SVGGElement {
  let found = document.querySelector<SVGGElement>('g.canvas');
  if (!found) {
    found = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    found.classList.add('canvas');
    document.body.append(found);
  }
  return found;
}

function stack(box: Box) {
  const root = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  canvas().append(root);
  return { box, root, getBoundingRectangle: () => box, getSvgRoot: () => root };
}

function workspaceOf(stacks: ReturnType<typeof stack>[], size = { width: 1000, height: 600 }) {
  const state = { left: 0, top: 0, dragging: false };
  const workspace: CullableWorkspace = {
    getTopBlocks: () => stacks,
    getMetricsManager: () => ({ getViewMetrics: () => ({ left: state.left, top: state.top, ...size }) }),
    isDragging: () => state.dragging,
  };
  return { workspace, state };
}

const shown = (s: ReturnType<typeof stack>) => !s.root.classList.contains(OFFSCREEN_CLASS) && s.root.isConnected;

afterEach(() => document.body.replaceChildren());

describe('OffscreenStacks', () => {
  it('takes the stacks far out of view out of the page and puts them back once the view comes near', () => {
    const near = stack({ left: 100, top: 100, right: 300, bottom: 200 });
    const far = stack({ left: 5000, top: 100, right: 5200, bottom: 200 });
    const { workspace, state } = workspaceOf([near, far]);
    const offscreen = new OffscreenStacks(workspace);
    offscreen.update();
    expect(shown(near)).toBe(true);
    expect(shown(far)).toBe(false);
    // Out of the document, not just undrawn: Chromium styles what is in it, even under `display: none`.
    expect(far.root.isConnected).toBe(false);
    expect(far.root.parentNode).toBeNull();
    expect(canvas().children).toHaveLength(1);

    state.left = 4500; // scrolled right
    offscreen.update();
    expect(shown(near)).toBe(false);
    expect(shown(far)).toBe(true);
    expect(far.root.parentNode).toBe(canvas());
    offscreen.dispose();
  });

  it('keeps the stack holding the keyboard focus in the page', () => {
    const far = stack({ left: 5000, top: 100, right: 5200, bottom: 200 });
    const field = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    field.setAttribute('tabindex', '0');
    far.root.append(field);
    field.focus();
    expect(document.activeElement).toBe(field);
    const { workspace } = workspaceOf([far]);
    const offscreen = new OffscreenStacks(workspace);
    offscreen.update();
    expect(shown(far)).toBe(true);
    offscreen.dispose();
  });

  it('hides nothing new while a drag goes on, but still shows what comes into view', () => {
    const near = stack({ left: 100, top: 100, right: 300, bottom: 200 });
    const far = stack({ left: 5000, top: 100, right: 5200, bottom: 200 });
    const { workspace, state } = workspaceOf([near, far]);
    const offscreen = new OffscreenStacks(workspace);
    offscreen.update();
    state.dragging = true;
    state.left = 4500;
    offscreen.update();
    expect(shown(near)).toBe(true);
    expect(shown(far)).toBe(true);
    offscreen.dispose();
  });

  it('draws everything while the workspace has no size (not laid out yet)', () => {
    const far = stack({ left: 5000, top: 100, right: 5200, bottom: 200 });
    const { workspace } = workspaceOf([far], { width: 0, height: 0 });
    const offscreen = new OffscreenStacks(workspace);
    offscreen.update();
    expect(shown(far)).toBe(true);
    offscreen.dispose();
  });

  it('runs once per animation frame however often it is scheduled, and not after dispose', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => frames.splice(0));
    try {
      const far = stack({ left: 5000, top: 100, right: 5200, bottom: 200 });
      const { workspace } = workspaceOf([far]);
      const offscreen = new OffscreenStacks(workspace);
      offscreen.schedule();
      offscreen.schedule();
      expect(frames).toHaveLength(1);
      frames.shift()!(0);
      expect(shown(far)).toBe(false);
      offscreen.schedule();
      offscreen.dispose();
      expect(frames).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('draws a hidden stack again before focus moves into it (keyboard navigation)', () => {
    const far = stack({ left: 5000, top: 100, right: 5200, bottom: 200 });
    const field = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    far.root.append(field);
    const { workspace } = workspaceOf([far]);
    const offscreen = new OffscreenStacks(workspace);
    offscreen.update();
    expect(shown(far)).toBe(false);
    const focused: Element[] = [];
    const manager = {
      focusNode(node: Blockly.IFocusableNode) {
        // Blockly focuses the element itself: by then its stack must be drawn.
        if (shown(far)) focused.push(node.getFocusableElement());
      },
    };
    revealOnFocus(manager);
    revealOnFocus(manager); // once per page, however many workspaces
    manager.focusNode({ getFocusableElement: () => field } as unknown as Blockly.IFocusableNode);
    expect(focused).toEqual([field]);
    expect(shown(far)).toBe(true);
    offscreen.dispose();
  });

  it('puts a stack back in the page before Blockly draws or raises one of its blocks', () => {
    const far = stack({ left: 5000, top: 100, right: 5200, bottom: 200 });
    const inner = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    far.root.append(inner);
    const { workspace } = workspaceOf([far]);
    const offscreen = new OffscreenStacks(workspace);
    offscreen.update();
    expect(shown(far)).toBe(false);
    const seen: string[] = [];
    // Stands for Blockly's BlockSvg prototype: each method notes whether its stack was in the page.
    class Block {
      constructor(private readonly root: SVGElement) {}
      getSvgRoot(): SVGElement {
        return this.root;
      }
      renderEfficiently(): void {
        seen.push(`render ${this.root.isConnected}`);
      }
      bringToFront(): void {
        seen.push(`raise ${this.root.isConnected}`);
      }
    }
    drawStacksInPage(Block.prototype);
    drawStacksInPage(Block.prototype); // once, however many workspaces
    new Block(inner).renderEfficiently();
    expect(shown(far)).toBe(true);
    offscreen.update();
    expect(shown(far)).toBe(false);
    new Block(far.root).bringToFront();
    expect(seen).toEqual(['render true', 'raise true']);
    offscreen.dispose();
  });
});
