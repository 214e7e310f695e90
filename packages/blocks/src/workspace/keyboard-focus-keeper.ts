import type * as Blockly from 'blockly/core';

/**
 * Keeps keyboard focus in the block editor while a keyboard user works in it. Blockly moves the
 * focused block's SVG around the DOM when a keyboard move ends (drag layer, new parent); on a
 * busy machine Chromium then leaves focus on <body>, and the learner's next key (Ctrl+Z, an
 * arrow) goes nowhere. When focus drops to nothing from inside this editor during keyboard use,
 * the element that lost it gets it back. Pointer use and
 * focus moving to another element are left alone. Returns a function that stops it.
 */
export function keepKeyboardFocus(workspace: Blockly.WorkspaceSvg): () => void {
  const root = workspace.getInjectionDiv();
  const doc = root.ownerDocument;
  let usingKeyboard = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onKeyDown = () => {
    usingKeyboard = true;
  };
  const onPointerDown = () => {
    usingKeyboard = false;
  };
  const onFocusOut = (event: FocusEvent) => {
    const from = event.target;
    if (!usingKeyboard || event.relatedTarget !== null || !(from instanceof Node)) return;
    if (from.isConnected && !root.contains(from)) return;
    clearTimeout(timer);
    // After the move: Blockly may still put focus back itself, which is then left as it is.
    timer = setTimeout(() => {
      if ((doc.activeElement !== null && doc.activeElement !== doc.body) || !doc.hasFocus()) return;
      // Put out of reach (kept hidden behind another editor): focus stays where it went.
      if (root.closest('[inert]')) return;
      // Blockly stops tracking a node once DOM focus has left it: focus the element that lost it
      // (Blockly's focus handler then tracks its node again).
      const element = from instanceof HTMLElement || from instanceof SVGElement ? from : null;
      if (element?.isConnected && root.contains(element)) element.focus({ preventScroll: true });
    }, 0);
  };

  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('focusout', onFocusOut, true);
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('keydown', onKeyDown, true);
    doc.removeEventListener('pointerdown', onPointerDown, true);
    doc.removeEventListener('focusout', onFocusOut, true);
  };
}
