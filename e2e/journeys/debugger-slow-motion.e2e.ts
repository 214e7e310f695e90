import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

// Slow motion (issue 18): the learner picks a speed in the debugger panel, the program runs
// again built for the debugger, and each block lights up in turn, in the order the program runs
// them, while the panel says which board runs it.

const PROGRAM = `let a = 0
a = 1
a = 2
a = 3
`;

declare global {
  interface Window {
    /** The ids of the blocks lit up, in order (a repeat of the last one is not added). */
    litBlocks?: string[];
  }
}

describe('the debugger in slow motion', () => {
  useChromium();

  journey(
    'slow motion lights up the blocks in the order they run',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Slow counter');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.setCode(PROGRAM);
      await editor.switchTo('Blocks');
      await editor.block('variables_set').first().waitFor();
      // Watch which block is lit up, every 20 ms (each stays lit 500 ms at Medium).
      await page.evaluate(() => {
        window.litBlocks = [];
        window.setInterval(() => {
          const lit = document.querySelector('g.blocklyBlock.blocklyHighlighted[data-id]');
          const id = lit?.getAttribute('data-id');
          if (id && window.litBlocks!.at(-1) !== id) window.litBlocks!.push(id);
        }, 20);
      });
      const debugPanel = page.getByRole('region', { name: 'Debugger' });
      const speeds = debugPanel.getByRole('group', { name: 'Slow motion' });
      await speeds.getByRole('button', { name: 'Medium' }).click();
      await expect.poll(() => speeds.getByRole('button', { name: 'Medium' }).getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(() => debugPanel.getByRole('button', { name: 'Debug' }).getAttribute('aria-pressed'))
        .toBe('true');
      await debugPanel.getByText(/^Now: “set a to.*” on board 1$/).waitFor({ timeout: 30_000 });
      await snap('slow-motion-lit-block');
      // The four "set a to" blocks, in the order they are stacked (and so run).
      const stacked = await page.evaluate(() =>
        Array.from(document.querySelectorAll('g.blocklyBlock[data-id]'))
          .filter((g) => g.querySelector(':scope > .blocklyPath') && /set/.test(g.textContent ?? ''))
          .map((g) => g.getAttribute('data-id')!),
      );
      await expect.poll(() => page.evaluate(() => window.litBlocks?.length ?? 0), { timeout: 30_000 }).toBe(4);
      const lit = await page.evaluate(() => window.litBlocks ?? []);
      expect(new Set(lit).size).toBe(4);
      expect(lit).toEqual(stacked.filter((id) => lit.includes(id)));
      // Speed off: the panel no longer says what is lit.
      await speeds.getByRole('button', { name: 'Off' }).click();
      await expect.poll(() => debugPanel.getByText(/^Now: /).count()).toBe(0);
    },
    { timeout: 120_000 },
  );
});
