// @vitest-environment happy-dom
import type * as Blockly from 'blockly/core';
import { afterEach, describe, expect, it } from 'vitest';
import { keepKeyboardFocus } from './keyboard-focus-keeper.ts';

function editor() {
  const root = document.createElement('div');
  const block = document.createElement('button');
  const outside = document.createElement('button');
  root.append(block);
  document.body.append(root, outside);
  const stop = keepKeyboardFocus({ getInjectionDiv: () => root } as unknown as Blockly.WorkspaceSvg);
  return { block, outside, stop };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => document.body.replaceChildren());

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
});
