// The decompiler's size estimate (src/blocks/decompile/layout.ts) against sizes measured on the
// zelos renderer in Chromium (getBoundingRectangle of each top block, blocks test page): the
// estimate may be larger, never smaller, or stacks laid out from it are drawn over each other.
import { describe, expect, it } from 'vitest';
import { stackSize } from '../../src/blocks/decompile/layout.ts';
import { decompile } from './harness.ts';
import { drawSmileFunction } from './layout-sample.ts';

function stacks(source: string) {
  return decompile(source).workspace.blocks;
}

function top(source: string, type: string) {
  const block = stacks(source).find((b) => b.type === type);
  if (!block) throw new Error(`no ${type}`);
  return block;
}

const drawSmile = `${drawSmileFunction}drawSmile(5)\n`;

describe('stack size estimate', () => {
  it('covers a function with a loop and an if/else (drawn 622 tall)', () => {
    const size = stackSize(top(drawSmile, 'function_definition'));
    expect(size.height).toBeGreaterThanOrEqual(622);
    // ... without being far too generous (the old estimate was 456).
    expect(size.height).toBeLessThan(622 * 1.3);
  });

  it('covers an empty on start (drawn 121 tall) and a forever with two blocks (drawn 193)', () => {
    const source = 'basic.forever(function () {\n    led.toggle(2, 2)\n    basic.pause(500)\n})\n';
    expect(stackSize(top(source, 'pxt-on-start')).height).toBeGreaterThanOrEqual(121);
    expect(stackSize(top(source, 'device_forever')).height).toBeGreaterThanOrEqual(193);
  });

  it('counts function calls with arguments as tall blocks (an event with two drawn 273 tall)', () => {
    const source = `function f(n: number) {\n}\ninput.onButtonPressed(Button.A, function () {\n    f(5)\n    f(3)\n})\n`;
    expect(stackSize(top(source, 'device_button_event')).height).toBeGreaterThanOrEqual(273);
  });

  it('lays out stacks so that their estimated boxes never meet', () => {
    const blocks = stacks(
      `${drawSmile}basic.forever(function () {\n    basic.pause(500)\n})\ninput.onGesture(Gesture.Shake, function () {\n    basic.showNumber(randint(1, 6))\n})\n`,
    );
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const boxes = blocks.map((b) => ({ x: b.x!, y: b.y!, ...stackSize(b) }));
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart).toBe(true);
      }),
    );
  });
});
