import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LedArt, ledSquaresPath } from './LedArt.tsx';

/** The boxes a path of rounded squares covers: walks its relative moves from each `M`. */
function squareBoxes(path: string): { x: number; y: number; width: number; height: number }[] {
  const boxes = [];
  for (const square of path.split('M').filter(Boolean)) {
    const numbers = (text: string) =>
      text
        .trim()
        .split(/[\s,]+/)
        .map(Number);
    const [startX, startY] = numbers(square.slice(0, square.search(/[a-z]/)));
    let x = startX!;
    let y = startY!;
    const xs = [x];
    const ys = [y];
    for (const [, command, args] of square.matchAll(/([hva])([^hvaz]*)/g)) {
      const values = numbers(args!);
      if (command === 'h') x += values[0]!;
      else if (command === 'v') y += values[0]!;
      else {
        x += values[5]!;
        y += values[6]!;
      }
      xs.push(x);
      ys.push(y);
    }
    expect([x, y]).toEqual([startX, startY]);
    const left = Math.min(...xs);
    const top = Math.min(...ys);
    boxes.push({ x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top });
  }
  return boxes;
}

describe('LedArt', () => {
  it('draws each lit LED as a 15-unit square at its place in the grid', () => {
    // A diagonal: LEDs 0, 6, 12, 18, 24.
    const diagonal = '1000001000001000001000001';
    expect(squareBoxes(ledSquaresPath(diagonal, true))).toEqual(
      [0, 1, 2, 3, 4].map((n) => ({ x: 14 + n * 19, y: 14 + n * 19, width: 15, height: 15 })),
    );
    expect(squareBoxes(ledSquaresPath(diagonal, false))).toHaveLength(20);
  });

  it('is three elements whatever the pattern, with the colour on the lit LEDs only', () => {
    const markup = renderToStaticMarkup(<LedArt pattern="0101011111111110111000100" colour="red" />);
    expect(markup.match(/<(rect|path)\b/g)).toEqual(['<rect', '<path', '<path']);
    expect(markup).toMatch(/<path d="[^"]+" class="led-art-on" style="fill:red"/);
    expect(markup).toMatch(/<path d="[^"]+" class="led-art-off"><\/path>/);
  });

  it('leaves out the path of a state no LED is in, and reads a short pattern as unlit', () => {
    expect(renderToStaticMarkup(<LedArt pattern="" />)).not.toContain('led-art-on');
    expect(renderToStaticMarkup(<LedArt pattern={'1'.repeat(25)} />)).not.toContain('led-art-off');
  });
});
