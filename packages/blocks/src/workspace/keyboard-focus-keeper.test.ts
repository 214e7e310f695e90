// @vitest-environment happy-dom
import * as Blockly from 'blockly/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepKeyboardFocus } from './keyboard-focus-keeper.ts';

function editor() {
  const root = document.createElement('div');
  const block = document.createElement('button');
  const outside = document.createElement('button');
  root.append(block);
  document.body.append(root, outside);
  const workspace = { getInjectionDiv: () => root, isVisible: () => true } as unknown as Blockly.WorkspaceSvg;
  const stop = keepKeyboardFocus(workspace);
  return { root, block, outside, workspace, stop };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Ctrl+Shift+Z as it lands where focus is now (on the page itself while focus is adrift). */
function redoKey(): KeyboardEvent {
  const event = new KeyboardEvent('keydown', {
    key: 'Z',
    ctrlKey: true,
    shiftKey: true,
    bubbles: true,
    cancelable: true,
  });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event;
}

/** Blockly's shortcut handling, watched (and answering that it took the key). */
function shortcuts() {
  return vi.spyOn(Blockly.ShortcutRegistry.registry, 'onKeyDown').mockReturnValue(true);
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('keepKeyboardFocus', () => {
  it('gives focus back to the block that dropped it to the page during keyboard use', async () => {
    const { block, stop } = editor();
    block.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    block.blur();
    expect(document.activeElement).toBe(document.body);
    await nextTask();
    expect(document.activeElement).toBe(block);
    stop();
  });

  it('leaves focus alone after a pointer press, and when it moved to another element', async () => {
    const { block, outside, stop } = editor();
    block.focus();
    document.dispatchEvent(new PointerEvent('pointerdown'));
    block.blur();
    await nextTask();
    expect(document.activeElement).toBe(document.body);

    block.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    outside.focus();
    await nextTask();
    expect(document.activeElement).toBe(outside);
    stop();
  });

  it('does nothing once stopped', async () => {
    const { block, stop } = editor();
    stop();
    block.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    block.blur();
    await nextTask();
    expect(document.activeElement).toBe(document.body);
  });

  it('hands a key landing on the page to the workspace while focus is adrift from a removed block', () => {
    const { block, workspace, stop } = editor();
    const onKeyDown = shortcuts();
    block.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true }));
    // An undo removed the focused block: Blockly focuses its parent only in a later task.
    block.blur();
    block.remove();
    expect(document.activeElement).toBe(document.body);
    const redo = redoKey();
    expect(onKeyDown).toHaveBeenCalledWith(workspace, redo);
    stop();
  });

  it('gives focus back before handing the key over when the element is still there', () => {
    const { block, workspace, stop } = editor();
    const onKeyDown = shortcuts();
    block.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    block.blur();
    const arrow = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true });
    document.body.dispatchEvent(arrow);
    expect(document.activeElement).toBe(block);
    expect(onKeyDown).toHaveBeenCalledWith(workspace, arrow);
    stop();
  });

  it('leaves keys on the page alone once focus landed, after a pointer press, out of reach, or taken', () => {
    const { root, block, outside, stop } = editor();
    const onKeyDown = shortcuts();
    const drop = () => {
      block.focus();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true }));
      block.blur();
    };
    // Focus landed somewhere since (then left it for the page).
    drop();
    outside.focus();
    outside.blur();
    redoKey();
    // A pointer press.
    drop();
    document.dispatchEvent(new PointerEvent('pointerdown'));
    redoKey();
    // Hidden behind another editor.
    drop();
    root.inert = true;
    redoKey();
    root.inert = false;
    expect(onKeyDown, "// The page's own handler took the key.").not.toHaveBeenCalled();
    // The page's own handler took the key.
    drop();
    const take = (event: Event) => event.preventDefault();
    document.body.addEventListener('keydown', take);
    redoKey();
    document.body.removeEventListener('keydown', take);
    // Focus never was in this editor.
    stop();
    const other = editor();
    other.outside.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    other.outside.blur();
    redoKey();
    expect(onKeyDown).not.toHaveBeenCalled();
    other.stop();
  });

  it('hands nothing over once stopped', () => {
    const { block, stop } = editor();
    const onKeyDown = shortcuts();
    block.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true }));
    stop();
    block.blur();
    redoKey();
    expect(onKeyDown).not.toHaveBeenCalled();
  });
});
