import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { repoRoot } from '../harness/server.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

// Issue 22 item 7: the production build ships only the product, and a learner's browser fetches
// the text editor only when they open it.
const dist = join(repoRoot, 'apps/web/dist');

describe('the product build', () => {
  it('holds no test page and no TypeScript outside the compiler worker', () => {
    for (const folder of ['sim-test', 'blocks-test', 'test-assets']) expect(existsSync(join(dist, folder))).toBe(false);
    const scripts = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
    expect(scripts.filter((name) => /^(simTest|blocksTest)-/.test(name))).toEqual([]);
    // TypeScript's compiler (its language service factory is a name minifiers keep) lives only in
    // the compiler worker, which the page starts when it needs to compile.
    const withTypeScript = scripts.filter((name) =>
      readFileSync(join(dist, 'assets', name), 'utf8').includes('createLanguageService'),
    );
    expect(withTypeScript.map((name) => name.replace(/-[\w-]{8}\.js$/, ''))).toEqual(['compiler.worker']);
  });
});

describe('what a learner downloads', () => {
  useChromium();

  journey('the code editor arrives only when the JavaScript tab opens', async ({ page, baseUrl }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const home = new HomePage(page, baseUrl);
    await home.open();
    expect(requested.filter((path) => /compiler\.worker/.test(path))).toEqual([]);
    await home.createProject('Rocket');
    const editor = new EditorPage(page, baseUrl);
    await editor.waitForMode('Blocks');
    const codeEditor = (paths: string[]) => paths.filter((path) => /\/assets\/CodeArea-/.test(path));
    expect(codeEditor(requested)).toEqual([]);
    await editor.switchTo('JavaScript');
    expect(codeEditor(requested)).toHaveLength(1);
  });

  journey(
    'the block editor arrives as a low-priority preload before New project, the code editor not',
    async ({ page, baseUrl }) => {
      // Issue 12 item 4: a learner who presses New project at once found ~20 requests still to go,
      // then their compile; the home page now fetches and compiles them (module preloads).
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      const home = new HomePage(page, baseUrl);
      await home.open();
      const blockEditor = page.locator(
        'link[rel="modulepreload"][fetchpriority="low"][href*="/assets/blocks-setup-"][href$=".js"]',
      );
      await blockEditor.waitFor({ state: 'attached' });
      await expect.poll(() => requested.some((path) => /\/assets\/blocks-setup-[\w-]+\.js$/.test(path))).toBe(true);
      expect(requested.filter((path) => /\/assets\/(CodeArea|compiler\.worker)-/.test(path))).toEqual([]);
      // Its styles only into the HTTP cache: applied when the editor opens, not on the home page.
      expect(await page.locator('link[rel="prefetch"][href$=".css"]').count()).toBeGreaterThan(0);
      await home.createProject('Rocket');
      await new EditorPage(page, baseUrl).waitForMode('Blocks');
    },
  );
});
