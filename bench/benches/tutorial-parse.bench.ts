// Tutorials (issue 14): parse every tutorial we ship (content/tutorials) into the spec 001 §3
// result, warm, median of many runs. Baseline in the same run: splitting the same texts into
// lines, the least any parser does, so the ratio reads the same on a busy machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTutorial } from '@blockyard/core';
import { writeResult } from '../lib/report.ts';
import { summarize, timeSamples } from '../lib/stats.ts';

const folder = join(import.meta.dirname, '../../content/tutorials');
const tutorials = readdirSync(folder)
  .filter((file) => file.endsWith('.md') && file !== 'README.md')
  .sort()
  .map((file) => ({ file, text: readFileSync(join(folder, file), 'utf8') }));
if (tutorials.length === 0) throw new Error(`no tutorials in ${folder}`);

const warmups = 5;
const runs = 30;

function time(work: () => void): number[] {
  return timeSamples(work, runs, warmups);
}

let steps = 0;
const parseAll = time(() => {
  steps = 0;
  for (const { text } of tutorials) steps += parseTutorial(text).steps.length;
});
const splitAll = time(() => {
  for (const { text } of tutorials) text.split(/\r?\n/);
});
const slowest = tutorials
  .map(({ file, text }) => ({ file, ms: summarize(time(() => parseTutorial(text))).median }))
  .sort((a, b) => b.ms - a.ms)[0]!;

const path = writeResult({
  name: 'tutorial-parse',
  description: `Parse every tutorial in content/tutorials (${tutorials.length} files, ${steps} steps), warm; wall-clock ms for all of them.`,
  metrics: {
    parseAllMs: summarize(parseAll),
    baselineSplitLinesMs: summarize(splitAll),
    parseToBaselineRatio: summarize(parseAll.map((t, i) => t / Math.max(splitAll[i]!, 1e-3))),
    slowestTutorialMs: summarize([slowest.ms]),
    tutorials: summarize([tutorials.length]),
  },
  targets: { parseAllMs: 'no figure in the issue; a tutorial opens without a visible wait' },
  notes: [`Slowest single tutorial: ${slowest.file}.`, `Runs: ${warmups} warm-up, then ${runs} measured.`],
});
console.log(
  `tutorial-parse: ${tutorials.length} tutorials in ${summarize(parseAll).median.toFixed(2)} ms ` +
    `(split-lines baseline ${summarize(splitAll).median.toFixed(3)} ms; slowest ${slowest.file} ` +
    `${slowest.ms.toFixed(2)} ms) -> ${path}`,
);
