import * as Blockly from 'blockly/core';

/**
 * Keeps keyboard focus in the block editor while a keyboard user works in it. Blockly moves the
 * focused block's SVG around the DOM when a keyboard move ends (drag layer, new parent); on a
 * busy machine Chromium then leaves focus on <body>, and the learner's next key (Ctrl+Z, an
 * arrow) goes nowhere. When focus drops to nothing from inside this editor during keyboard use,
 * the element that lost it gets it back. Pointer use and
 * focus moving to another element are left alone. Returns a function that stops it.
 *
 * Blockly itself drops focus to <body> for a moment when it removes the focused block (an undo
 * of its placing, a delete): it focuses the parent only in a later task, and its shortcuts
 * listen on the workspace's own element, so a redo pressed within those milliseconds would land
 * on <body>, where nothing handles it, and the block stayed undone. Until focus lands anywhere
 * again, a key on <body> is this editor's: it goes to Blockly's shortcuts for this workspace.
 */
export function keepKeyboardFocus(workspace: Blockly.WorkspaceSvg): () => void {
  const root = workspace.getInjectionDiv();
  const doc = root.ownerDocument;
  let usingKeyboard = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether focus last landed inside this editor. */
  let inside = false;
  /** The element of this editor whose focus dropped to nothing, until focus lands anywhere. */
  let dropped: Element | undefined;

  const outOfReach = () => root.closest('[inert]') !== null || !workspace.isVisible();
  const onBody = () => doc.activeElement === null || doc.activeElement === doc.body;

  // Blockly stops tracking a node once DOM focus has left it: focus the element that lost it
  // (Blockly's focus handler then tracks its node again).
  const giveBack = () => {
    const element = dropped instanceof HTMLElement || dropped instanceof SVGElement ? dropped : null;
    if (element?.isConnected && root.contains(element)) element.focus({ preventScroll: true });
  };

  const onKeyDown = () => {
    usingKeyboard = true;
  };
  const onPointerDown = () => {
    usingKeyboard = false;
    dropped = undefined;
  };
  const onFocusIn = (event: FocusEvent) => {
    inside = event.target instanceof Node && root.contains(event.target);
    dropped = undefined;
  };
  const onFocusOut = (event: FocusEvent) => {
    const from = event.target;
    // `inside`: the element may be off the page already (a removed block), so not in `root` now.
    if (!usingKeyboard || !inside || event.relatedTarget !== null || !(from instanceof Element)) return;
    dropped = from;
    clearTimeout(timer);
    // After the move: Blockly may still put focus back itself, which is then left as it is.
    timer = setTimeout(() => {
      if (!onBody() || !doc.hasFocus()) return;
      // Put out of reach (kept hidden behind another editor): focus stays where it went.
      if (root.closest('[inert]')) return;
      giveBack();
    }, 0);
  };
  // Bubbling, after the page's own handlers: a key they took is left to them.
  const onKeyOnBody = (event: KeyboardEvent) => {
    if (dropped === undefined || event.defaultPrevented || event.target !== doc.body || !onBody()) return;
    if (outOfReach()) return;
    // Focus goes back first where it can, so keys about the focused block (arrows) find it.
    giveBack();
    Blockly.ShortcutRegistry.registry.onKeyDown(workspace, event);
  };

  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('focusout', onFocusOut, true);
  doc.addEventListener('keydown', onKeyOnBody);
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('keydown', onKeyDown, true);
    doc.removeEventListener('pointerdown', onPointerDown, true);
    doc.removeEventListener('focusin', onFocusIn, true);
    doc.removeEventListener('focusout', onFocusOut, true);
    doc.removeEventListener('keydown', onKeyOnBody);
  };
}
