// Project formats (issue 8): reading a ~1.3 MB MakeCode-layout Universal Hex with embedded source,
// and writing our .hex and .uf2 for a 1,000-block project. Wall-clock per operation, median of
// many runs after warm-up. Baselines measured in the same run, to read the numbers against this
// machine: for reading, splitting the same file into lines (the least any reader does); for
// writing, fflate's zlib at level 6 over the same project JSON (a mainstream compressor's cost).
import { zlibSync } from 'fflate';
import { readProject, writeProject, writeProjectHex, writeProjectUf2 } from '@blockyard/core';
import { bigProject } from '../../packages/core/test/fixtures/big-project.ts';
import { makecodeHex } from '../../packages/core/test/fixtures/makecode-layout.ts';
import { writeResult } from '../lib/report.ts';
import { summarize, timeSamples } from '../lib/stats.ts';

const warmups = 3;
const runs = 15;

function time(work: () => void): number[] {
  return timeSamples(work, runs, warmups);
}

// ~235 KB of stand-in firmware per board gives a Universal Hex of about 1.3 MB, like MakeCode's.
const project = bigProject(1000);
const hexText = makecodeHex({
  source: { files: bigProject(300, 2), name: 'Big MakeCode project' },
  programBytes: 236_000,
  universal: true,
});
const hexBytes = new TextEncoder().encode(hexText);
const projectJson = new TextEncoder().encode(JSON.stringify(project));

if (readProject(hexBytes, { fileName: 'big.hex' }).files['pxt.json'] === undefined)
  throw new Error('fixture unreadable');

const readHex = time(() => readProject(hexBytes, { fileName: 'big.hex' }));
const splitLines = time(() => new TextDecoder().decode(hexBytes).split('\n'));
const writeHex = time(() => writeProjectHex(project));
const writeUf2 = time(() => writeProjectUf2(project));
const zlib = time(() => zlibSync(projectJson, { level: 6 }));

const ourHex = writeProject(project, 'hex');
const ourUf2 = writeProject(project, 'uf2');
const blocks = (project['main.blocks']!.match(/<block /g) ?? []).length;
const median = (samples: number[]) => summarize(samples).median;

const path = writeResult({
  name: 'formats',
  description:
    'Read a MakeCode-layout micro:bit Universal Hex with LZMA-compressed source; write our .hex and .uf2 (LZMA level 7) for a 1,000-block project. Wall-clock ms per operation.',
  metrics: {
    readMakeCodeHexMs: summarize(readHex),
    baselineSplitHexLinesMs: summarize(splitLines),
    readToBaselineRatio: summarize(readHex.map((t, i) => t / splitLines[i]!)),
    writeHexMs: summarize(writeHex),
    writeUf2Ms: summarize(writeUf2),
    baselineZlibProjectMs: summarize(zlib),
    writeHexToZlibRatio: summarize(writeHex.map((t, i) => t / zlib[i]!)),
    inputHexBytes: summarize([hexBytes.length]),
    projectJsonBytes: summarize([projectJson.length]),
    projectBlocks: summarize([blocks]),
    outputHexBytes: summarize([ourHex.length]),
    outputUf2Bytes: summarize([ourUf2.length]),
  },
  targets: {
    readMakeCodeHexMs: '< 200 ms for a 1.3 MB MakeCode .hex with its source',
    writeHexMs: '< 100 ms for a 1,000-block project',
    writeUf2Ms: '< 100 ms for a 1,000-block project',
  },
  notes: [
    `The input hex is built by packages/core/test/fixtures/makecode-layout.ts (LZMA-JS, as MakeCode) from a ${bigProject(300, 2)['main.blocks']!.length}-character project.`,
    `Runs: ${warmups} warm-up, then ${runs} measured, in one Node process.`,
  ],
});
console.log(
  `formats: read 1.3 MB hex ${median(readHex).toFixed(1)} ms (split-lines baseline ${median(splitLines).toFixed(1)} ms); ` +
    `write .hex ${median(writeHex).toFixed(1)} ms, .uf2 ${median(writeUf2).toFixed(1)} ms (zlib baseline ${median(zlib).toFixed(1)} ms) -> ${path}`,
);
