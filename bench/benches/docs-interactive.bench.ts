// A guide or block help page becoming interactive in Chromium, warm (issue 14: "a docs page is
// interactive in under 300 ms warm"): one browser profile that has already visited the guides,
// so scripts come from the HTTP cache; each run navigates to a page and stops the clock when the
// page's h1 and the guides' search box are drawn (React attaches handlers as it draws). The warm home page, measured in the
// same rounds the same way, is the baseline (`docsToHomeRatio`).
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { startBuiltServer } from '../../e2e/harness/server.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const rounds = 8;
const pages = ['/docs/getting-started', '/docs/simulator', '/reference/basic/show-number', '/reference/loops/repeat'];
const server = await startBuiltServer();
const browser = await launchChromium();
const docs: number[] = [];
const home: number[] = [];
const ratios: number[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  /** Milliseconds from navigation start until `ready` holds. */
  const timeTo = async (path: string, ready: () => Promise<void>): Promise<number> => {
    await page.goto(server.url + path, { waitUntil: 'commit' });
    await ready();
    return page.evaluate(() => performance.now());
  };
  const docsReady = async () => {
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Drawn by React with its handlers attached: the box takes input from here on.
    await page.getByRole('searchbox', { name: 'Search the guides' }).waitFor();
  };
  const homeReady = () => page.getByRole('heading', { level: 1 }).first().waitFor();
  // Warm-up: every page once, so the rounds measure the warm case.
  for (const path of pages) await timeTo(path, docsReady);
  await timeTo('/', homeReady);
  for (let round = 0; round < rounds; round++) {
    const path = pages[round % pages.length]!;
    // Alternate which goes first, so a slow moment of the machine falls on both.
    const pair =
      round % 2 === 0
        ? [await timeTo(path, docsReady), await timeTo('/', homeReady)]
        : [await timeTo('/', homeReady), await timeTo(path, docsReady)].reverse();
    docs.push(pair[0]!);
    home.push(pair[1]!);
    ratios.push(pair[0]! / pair[1]!);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

const path = writeResult({
  name: 'docs-interactive',
  description:
    'Guides and block help pages, warm (HTTP cache), from navigation start to h1 and search box drawn; the warm home page as baseline in the same rounds.',
  metrics: {
    docsInteractiveMs: summarize(docs),
    homeInteractiveMs: summarize(home),
    docsToHomeRatio: summarize(ratios),
  },
});
console.log(
  `docs-interactive: ${summarize(docs).median.toFixed(0)} ms median (goal under 300 ms), ${summarize(ratios).median.toFixed(2)}x the home page -> ${path}`,
);
