import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** The account button of the editor header once signed in. */
const accountButton = (page: Page, name: string) => page.getByRole('button', { name: `Your account: ${name}` });
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });

/** At the built-in provider's page, picks a demo account. */
async function pickAccount(page: Page, heading: string, name: string): Promise<void> {
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

describe('signing in through the local identity provider', () => {
  useChromium();

  journey(
    'sign in from the editor, come back to the same place, sign out, pick another account',
    async ({ page, context, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Cloud robot');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();
      // A hash the server never sees: the client must bring it back itself.
      const startAt = `${page.url()}#keep-me`;
      await page.goto(startAt);
      await editor.ready();

      await signInButton(page).waitFor();
      await snap('signed-out-header');
      await signInButton(page).click();
      await pickAccount(page, 'Sign in to Blockyard', 'Grace Hopper');
      await accountButton(page, 'Grace Hopper').waitFor();
      // Back at the very page, the callback's marker, state and token gone.
      expect(page.url()).toBe(startAt);
      expect(await editor.nameInput().inputValue()).toBe('Cloud robot');

      await accountButton(page, 'Grace Hopper').click();
      const menu = page.getByRole('group', { name: 'Your account' });
      expect(await menu.textContent()).toContain('Signed in as Grace Hopper');
      await snap('account-menu');

      // Sign out: the next sign-in within 60 s shows the account picker instead of a silent one.
      await menu.getByRole('button', { name: 'Sign out' }).click();
      await signInButton(page).waitFor();
      await signInButton(page).click();
      await pickAccount(page, 'Choose an account', 'Alan Turing');
      await snap('signed-in-again');
      await accountButton(page, 'Alan Turing').waitFor();
      expect(page.url()).toBe(startAt);

      // The session ends on the server side (its cookie is gone): the next call answers 401,
      // which signs the browser out.
      await context.clearCookies();
      await page.reload();
      await signInButton(page).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('blockyard.auth.token'))).toBeNull();
    },
    { allowConsoleErrors: ['401'], timeout: 180_000 },
  );

  journey('a callback this browser did not start is refused and stores nothing', async ({ page, baseUrl, snap }) => {
    await page.goto(`${baseUrl}/?authcallback=1&state=forged&token=${'x'.repeat(43)}`);
    await page.getByRole('alert').filter({ hasText: 'Signing in did not work' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('blockyard.auth.token'))).toBeNull();
    await snap('refused-callback');
  });
});
