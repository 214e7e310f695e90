// The edit journal (issue 21 item 5): the cost of writing every edit of a 1,000-block project at
// once, in headless Chromium on the real IndexedDB store, against two baselines that write the
// whole draft per edit instead (to IndexedDB as the page-hide stash does, and to localStorage as
// the draft journal of closing pages does). Two kinds of edit: a keystroke in the code (main.ts
// changes) and a block edit (main.blocks and main.ts change). Per edit: main-thread time of the
// synchronous part, time until the database reports the write done, characters written. The
// journal runs inside AutosaveController.edit, so `autosaveOnly` (the same edits through
// autosave without a journal) is measured too: the journal's own cost is the difference.
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { bigProject } from '../../packages/core/test/fixtures/big-project.ts';
import type { EditKind, EditTimings, Method } from '../lib/journal-page.ts';
import { writeResult } from '../lib/report.ts';
import { summarize, type Summary } from '../lib/stats.ts';

const edits = 60;
const bundle = await build({
  entryPoints: [new URL('../lib/journal-page.ts', import.meta.url).pathname],
  bundle: true,
  format: 'iife',
  write: false,
  platform: 'browser',
  logLevel: 'error',
});
const script = bundle.outputFiles[0]!.text;
// IndexedDB needs a real origin: a blank page on localhost.
const server = createServer((_request, response) => {
  response.setHeader('content-type', 'text/html');
  response.end('<!doctype html><title>edit journal bench</title>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${address.port}/`);
await page.addScriptTag({ content: script });
const project = bigProject(1000);
await page.evaluate((files) => window.benchJournal.setup(files), project);

const metrics: Record<string, Summary> = {};
const methods: Method[] = ['autosaveOnly', 'journal', 'draftIndexedDb', 'draftLocalStorage'];
const kinds: EditKind[] = ['keystroke', 'block'];
const lines: string[] = [];
for (const kind of kinds) {
  for (const method of methods) {
    const timings: EditTimings = await page.evaluate(([m, k, n]) => window.benchJournal.run(m, k, n), [
      method,
      kind,
      edits,
    ] as const);
    // The first edit of a session writes whole files (a new generation): reported apart.
    const [firstBytes] = timings.bytes;
    metrics[`${kind}_${method}_syncMs`] = summarize(timings.syncMs.slice(1));
    if (method === 'journal' || method === 'draftIndexedDb')
      metrics[`${kind}_${method}_doneMs`] = summarize(timings.doneMs.slice(1));
    if (method !== 'autosaveOnly') metrics[`${kind}_${method}_bytes`] = summarize(timings.bytes.slice(1));
    if (method === 'journal') metrics[`${kind}_journal_firstEditBytes`] = summarize([firstBytes ?? 0]);
    lines.push(
      `${kind} ${method}: sync ${metrics[`${kind}_${method}_syncMs`]!.median.toFixed(2)} ms, ` +
        `${metrics[`${kind}_${method}_bytes`]?.median ?? 0} chars`,
    );
  }
}
await browser.close();
server.close();

const path = writeResult({
  name: 'edit-journal',
  description:
    'Writing every edit of a 1,000-block project (main.blocks ' +
    `${project['main.blocks']!.length} chars, main.ts ${project['main.ts']!.length} chars) at once, headless Chromium, ` +
    'real IndexedDB. journal = the edit journal (a splice per file, relaxed durability); baselines: the whole draft per ' +
    'edit to IndexedDB (strict, as the page-hide stash) and to localStorage (as the closing-page journal).',
  metrics,
  targets: {
    keystroke_journal_syncMs: 'well under one frame (16 ms) per keystroke on the main thread',
  },
  notes: [
    `${edits} edits per method and kind, one every ~20 ms after the previous write finished; the first edit of each run is left out (it starts a generation with whole files, see *_firstEditBytes).`,
    'localStorage does not survive a killed browser (Chromium writes it to disk seconds later), so the localStorage baseline is a cost comparison only.',
  ],
});
console.log(`edit-journal: ${lines.join('; ')}\n-> ${path}`);
