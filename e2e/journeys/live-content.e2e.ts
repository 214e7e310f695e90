import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { journey, screenshotDir, useChromium } from '../harness/journey.ts';
import { repoRoot, startBuiltServer } from '../harness/server.ts';
import { DocsPage } from '../pages/docs-page.ts';

/**
 * The web build of this repo with one English string changed in its locales only (the scripts
 * keep the string they were built with): what a server holds after a translation is corrected.
 */
function buildWithCorrectedString(): string {
  const dist = join(repoRoot, 'apps/web/dist');
  const copy = mkdtempSync(join(tmpdir(), 'blockyard-live-strings-'));
  for (const entry of readdirSync(dist)) {
    if (entry === 'locales') cpSync(join(dist, entry), join(copy, entry), { recursive: true });
    else symlinkSync(join(dist, entry), join(copy, entry));
  }
  const file = join(copy, 'locales/en/translation.json');
  const strings = JSON.parse(readFileSync(file, 'utf8')) as { home: Record<string, string> };
  strings.home['myProjects'] = 'All my projects';
  writeFileSync(file, JSON.stringify(strings));
  return copy;
}

describe('content the server serves live', () => {
  useChromium();

  journey(
    'a string corrected on the server reaches the page without a new build',
    async ({ page }) => {
      const webDist = buildWithCorrectedString();
      const server = await startBuiltServer({ WEB_DIST: webDist });
      try {
        const answer = page.waitForResponse((r) => r.url().includes('/api/translations?lang=en&'));
        await page.goto(server.url);
        const response = await answer;
        expect(response.status()).toBe(200);
        expect(response.headers()['etag']).toMatch(/^".+"$/);
        // The built-in string shows first, then the server's replaces it.
        await page.getByRole('heading', { name: 'All my projects' }).waitFor();
        await page.screenshot({ path: join(screenshotDir, 'live-content--corrected-string.png') });
      } finally {
        // Leave the page first: its idle fetch of the editor's code (1.5 s after the home page
        // draws) would otherwise hit the stopped server and fail the journey on a slow machine.
        await page.goto('about:blank');
        await server.stop();
        rmSync(webDist, { recursive: true, force: true });
      }
    },
    { timeout: 120_000 },
  );

  journey('a guide comes from the server with an ETag, and an unchanged one costs a 304', async ({ page, baseUrl }) => {
    const docs = new DocsPage(page, baseUrl);
    const first = page.waitForResponse((r) => r.url().includes('/api/md/microbit/simulator'));
    await docs.open('simulator');
    const response = await first;
    expect(response.status()).toBe(200);
    const etag = response.headers()['etag'];
    expect(etag).toMatch(/^".+"$/);
    expect(await response.text()).toBe(readFileSync(join(repoRoot, 'content/docs/simulator.md'), 'utf8'));
    await page.getByRole('heading', { level: 1, name: 'The simulator' }).waitFor();

    // Asked again (a fresh page load, the cached copy kept in this browser): the server says 304.
    const again = page.waitForRequest((r) => r.url().includes('/api/md/microbit/simulator'));
    const second = page.waitForResponse((r) => r.url().includes('/api/md/microbit/simulator'));
    await page.reload();
    expect((await again).headers()['if-none-match']).toBe(etag);
    expect((await second).status()).toBe(304);
    await page.getByRole('heading', { level: 1, name: 'The simulator' }).waitFor();
    await page.screenshot({ path: join(screenshotDir, 'live-content--guide.png') });
  });
});
