// Cold load of the home page in Chromium with a fresh profile each run: time to first render of
// the app (its h1), first contentful paint, and the JS+CSS bytes transferred.
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { startBuiltServer } from '../../e2e/harness/server.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = 5;
const server = await startBuiltServer();
const browser = await launchChromium();
const firstRender: number[] = [];
const fcp: number[] = [];
const transferred: number[] = [];
const decoded: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.url + '/', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const rendered = await page.evaluate(() => performance.now());
    await page.waitForLoadState('load');
    const metrics = await page.evaluate(async () => {
      // Paint entries arrive asynchronously: observe with buffering rather than reading once.
      const paint = await new Promise<PerformanceEntry | undefined>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntriesByName('first-contentful-paint')[0])).observe({
          type: 'paint',
          buffered: true,
        });
        setTimeout(() => resolve(undefined), 3000);
      });
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const assets = resources.filter((r) => /\.(js|css)(\?|$)/.test(r.name));
      return {
        fcp: paint ? paint.startTime : Number.NaN,
        transfer: assets.reduce((sum, r) => sum + r.transferSize, 0),
        decoded: assets.reduce((sum, r) => sum + r.decodedBodySize, 0),
      };
    });
    firstRender.push(rendered);
    // Headless Chromium sometimes reports no paint entry; such runs count only for the other metrics.
    if (Number.isFinite(metrics.fcp)) fcp.push(metrics.fcp);
    transferred.push(metrics.transfer);
    decoded.push(metrics.decoded);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const path = writeResult({
  name: 'home-load',
  description: 'Cold load of / in headless Chromium, fresh profile per run, served by the built server.',
  metrics: {
    firstRenderMs: summarize(firstRender),
    ...(fcp.length ? { firstContentfulPaintMs: summarize(fcp) } : {}),
    jsCssTransferBytes: summarize(transferred),
    jsCssDecodedBytes: summarize(decoded),
  },
});
console.log(`home-load: first render ${summarize(firstRender).median.toFixed(0)} ms (median of ${runs}) -> ${path}`);
