// What a learner's browser downloads on a cold start (issue 22 item 7): every response's bytes as
// sent (compressed), counted by a proxy in front of the server so requests from workers, the
// simulator frame and the service worker count too; for the home page and for home -> New project
// -> blocks, plus the product build folder's size. With BENCH_BASELINE_DIST, the same for that build.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { otherWebBuildEnv, repoRoot, startBuiltServer } from '../../e2e/harness/server.ts';
import { startCountingProxy } from '../lib/counting-proxy.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const baselineDist = process.env['BENCH_BASELINE_DIST'];
/** Quiet time that ends a load: nothing more arrives for this long. */
const settleMs = 3000;

interface Loads {
  home: number;
  blocks: number;
  largest: Array<[string, number]>;
}

async function settled(read: () => number): Promise<number> {
  let last = -1;
  for (let now = read(); now !== last; now = read()) {
    last = now;
    await new Promise((resolve) => setTimeout(resolve, settleMs));
  }
  return last;
}

async function firstLoads(browser: Browser, serverUrl: string, offlineCopy = false): Promise<Loads> {
  const proxy = await startCountingProxy(serverUrl);
  // Without the service worker: what the page needs. With it: plus the offline copy the service
  // worker fetches in the background on a first visit (every file a later offline visit uses).
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    serviceWorkers: offlineCopy ? 'allow' : 'block',
  });
  try {
    const page = await context.newPage();
    await page.goto(proxy.url + '/');
    const button = page.getByRole('button', { name: 'New project' });
    await button.waitFor({ timeout: 60_000 });
    const home = await settled(() => proxy.read().total);
    await button.click();
    const name = page.getByRole('dialog', { name: 'New project' }).getByLabel('Project name');
    await name.fill('Rocket');
    await name.press('Enter');
    await page.locator('svg.blocklySvg g.pxt-on-start').waitFor({ timeout: 120_000 });
    const blocks = await settled(() => proxy.read().total);
    const largest = [...proxy.read().byPath].sort((a, b) => b[1] - a[1]).slice(0, 8);
    return { home, blocks, largest };
  } finally {
    await context.close();
    await proxy.stop();
  }
}

/** Bytes of the files a build would put on a web server (compressed twins left out). */
function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (!/\.(br|gz)$/.test(entry.name)) total += statSync(path).size;
  }
  return total;
}

const server = await startBuiltServer();
const baselineServer = baselineDist ? await startBuiltServer(otherWebBuildEnv(baselineDist)) : undefined;
const browser = await launchChromium();
let shipped: Loads;
let withOfflineCopy: Loads;
let baseline: Loads | undefined;
try {
  shipped = await firstLoads(browser, server.url);
  withOfflineCopy = await firstLoads(browser, server.url, true);
  if (baselineServer) baseline = await firstLoads(browser, baselineServer.url);
} finally {
  await browser.close();
  await server.stop();
  await baselineServer?.stop();
}

const one = (value: number) => summarize([value]);
const productBytes = folderBytes(join(repoRoot, 'apps/web/dist'));
const baselineBytes = baselineDist ? folderBytes(baselineDist) : undefined;
const path = writeResult({
  name: 'first-load-bytes',
  description:
    'Bytes as sent (compressed) for a cold load of / and of / -> New project -> blocks (page, frame, workers; service workers blocked), counted by a proxy; the same with the service worker fetching its offline copy; and the product build folder size. Optionally against a baseline build.',
  metrics: {
    homeBytes: one(shipped.home),
    newProjectBlocksBytes: one(shipped.blocks),
    homeWithOfflineCopyBytes: one(withOfflineCopy.home),
    newProjectBlocksWithOfflineCopyBytes: one(withOfflineCopy.blocks),
    productBuildBytes: one(productBytes),
    ...(baseline && baselineBytes !== undefined
      ? {
          baselineHomeBytes: one(baseline.home),
          baselineNewProjectBlocksBytes: one(baseline.blocks),
          baselineProductBuildBytes: one(baselineBytes),
          newProjectBlocksBaselineRatio: one(shipped.blocks / baseline.blocks),
          productBuildBaselineRatio: one(productBytes / baselineBytes),
        }
      : {}),
  },
  notes: [
    'home: until the home page is drawn and nothing more arrives for a while; it includes the editor code the home page fetches once idle (apps/web/src/home/fetch-editor-when-idle.ts), which New project then does not wait for.',
    `largest on the way to blocks: ${JSON.stringify(shipped.largest)}`,
    ...(baseline ? [`baseline largest: ${JSON.stringify(baseline.largest)}`] : []),
  ],
});
console.log(
  `first-load-bytes: home ${(shipped.home / 1024).toFixed(0)} KiB, new project -> blocks ${(shipped.blocks / 1024).toFixed(0)} KiB -> ${path}`,
);
