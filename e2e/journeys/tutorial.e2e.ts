import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** The big heart on the board, as the LED description names it. */
const HEART = /LED display: .*heart/i;

describe('tutorials', () => {
  useChromium();

  journey(
    'start a tutorial from the home page, follow it with a hint, resume after a reload, finish',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await page.getByRole('heading', { name: 'Tutorials' }).scrollIntoViewIfNeeded();
      await snap('home-tutorials');
      await page.getByRole('link', { name: 'Start the tutorial Flashing heart' }).click();

      // The first step is a dialog; the template is on the workspace behind it.
      const editor = new EditorPage(page, baseUrl);
      const welcome = page.getByRole('dialog', { name: 'Welcome' });
      await welcome.waitFor({ timeout: 30_000 });
      await snap('welcome-dialog');
      await welcome.getByRole('button', { name: 'OK' }).click();
      await editor.waitForMode('Blocks');
      await editor.block('device_forever').waitFor({ timeout: 30_000 });

      const card = page.getByRole('region', { name: /2 of 6 Show a heart/ });
      await card.waitFor();
      await expect(card.locator('.tutorial-block[data-namespace="basic"]').first().textContent()).resolves.toBe(
        'Basic',
      );
      // Flashing heart is @flyoutOnly: the toolbox offers only Basic, marked for this step.
      const marked = page.locator('.blocklyToolbox .blockyardHighlightedCategory');
      await marked.first().waitFor({ timeout: 30_000 });
      await expect(marked.allTextContents()).resolves.toEqual([expect.stringContaining('Basic')]);
      await expect(page.locator('.blocklyToolbox .blocklyToolboxCategoryLabel').allTextContents()).resolves.toEqual([
        'Basic',
      ]);
      await snap('limited-toolbox');
      await card.getByRole('button', { name: 'Hint' }).click();
      const hint = card.getByRole('region', { name: 'Hint' });
      await hint.waitFor();
      // The hint's snippet is drawn as real blocks.
      const picture = hint.getByRole('figure', { name: /Blocks of this code: basic\.forever/ });
      await picture.locator('.blocklyBlockCanvas .blocklyPath').first().waitFor({ timeout: 30_000 });
      await snap('step-with-hint');
      // Closed again, so the hint's picture blocks are not mistaken for the workspace's.
      await card.getByRole('button', { name: 'Hide the hint' }).click();

      // Do what the step asks: a show icon block into forever; the heart shows.
      await editor.dragIntoSlot('Basic', 'basic_show_icon', 'device_forever');
      await editor.waitForLeds(HEART);
      await card.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('region', { name: /3 of 6 Wait a moment/ }).waitFor();
      await editor.waitUntilSaved();

      // Closing the tab and coming back resumes at the same step, with the blocks kept.
      await page.reload();
      await editor.waitForMode('Blocks');
      const resumed = page.getByRole('region', { name: /3 of 6 Wait a moment/ });
      await resumed.waitFor({ timeout: 30_000 });
      await editor.block('basic_show_icon').waitFor();

      // The step list jumps to the last step; finishing celebrates.
      await resumed.getByRole('button', { name: 'Steps' }).click();
      await resumed.getByRole('button', { name: 'Your heart beats!' }).click();
      const last = page.getByRole('region', { name: /6 of 6 Your heart beats!/ });
      await last.getByText('You did it!').waitFor();
      await snap('celebration');
      await editor.waitUntilSaved();
      await page.reload();
      await page
        .getByRole('region', { name: /6 of 6/ })
        .getByText('You did it!')
        .waitFor({ timeout: 30_000 });
    },
    // Two reloads, each compiling and drawing the program again, on a shared machine.
    { timeout: 150_000 },
  );

  journey(
    "open a teacher's tutorial from a file; a file that is no tutorial says so",
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      const picker = page.getByTestId('open-tutorial-file');
      await picker.setInputFiles({ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('just words') });
      await page.getByRole('alert').filter({ hasText: 'Invalid tutorial format' }).waitFor();
      await page.getByRole('heading', { name: "Open a teacher's tutorial" }).scrollIntoViewIfNeeded();
      await snap('open-tutorial-invalid');

      const markdown = [
        '# Counting sheep',
        '',
        '## {First sheep}',
        '',
        'Put a `||basic:show number||` block in `||basic:on start||`.',
        '',
        '```blocks',
        'basic.showNumber(1)',
        '```',
        '',
        '## {Done @tutorialCompleted}',
        '',
        'Good night!',
        '',
      ].join('\n');
      await picker.setInputFiles({ name: 'sheep.md', mimeType: 'text/markdown', buffer: Buffer.from(markdown) });
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      const card = page.getByRole('region', { name: /1 of 2 First sheep/ });
      await card.waitFor({ timeout: 30_000 });
      // The tutorial travels with the project: a reload resumes it.
      await card.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('region', { name: /2 of 2 Done/ }).waitFor();
      await editor.waitUntilSaved();
      await page.reload();
      await page.getByRole('region', { name: /2 of 2 Done/ }).waitFor({ timeout: 30_000 });
      await snap('teacher-tutorial');
    },
  );

  journey('an unknown tutorial says so and leads home', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.goto('/tutorials/no-such-thing');
    await page.getByRole('heading', { name: 'We could not find this tutorial' }).waitFor();
    await snap('missing-tutorial');
    await page.getByRole('link', { name: 'All projects' }).click();
    await page.getByRole('heading', { name: 'My projects' }).waitFor();
  });
});
