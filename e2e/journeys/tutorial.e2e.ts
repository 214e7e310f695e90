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
      await card.getByRole('button', { name: 'Hint' }).click();
      await card.getByRole('region', { name: 'Hint' }).waitFor();
      await snap('step-with-hint');

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
