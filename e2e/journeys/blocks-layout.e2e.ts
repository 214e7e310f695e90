// Code turned into blocks is laid out so that no stack covers another: the decompiler estimates
// each stack's drawn size (packages/language/src/blocks/decompile/layout.ts) and stacks loaded
// from a file are not bumped apart (packages/blocks load-without-bumps.ts).
import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';
import { layoutSampleProgram } from '../../packages/language/test/blocks/layout-sample.ts';

describe('code turned into blocks', () => {
  useChromium();

  journey('no two stacks overlap after switching from JavaScript to Blocks', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await home.createProject('Layout');
    const editor = new EditorPage(page, baseUrl);
    await editor.waitForMode('Blocks');
    await editor.setCode(layoutSampleProgram);
    await editor.switchTo('Blocks');
    await editor.block('function_definition').first().waitFor({ state: 'attached' });
    // Each top stack's drawn box (the canvas's direct children are the top blocks).
    const boxes = await editor.workspace().evaluate((canvas) =>
      [...canvas.children]
        .filter((child) => child.classList.contains('blocklyDraggable'))
        .map((child) => {
          const r = child.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        }),
    );
    await snap('laid-out');
    expect(boxes.length).toBeGreaterThanOrEqual(6);
    const overlaps: string[] = [];
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b, j) => {
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
          overlaps.push(`${i} and ${i + j + 1}: ${JSON.stringify(a)} ${JSON.stringify(b)}`);
      }),
    );
    expect(overlaps).toEqual([]);
  });
});
