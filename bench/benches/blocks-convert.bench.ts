// Blocks <-> TypeScript speed for programs of about 100 and 1,000 blocks (not counting shadow
// blocks): decompile (TypeScript -> blocks, with the compiler's warm Program and type checker, the
// editor's switch from JavaScript to Blocks) and generate (blocks -> TypeScript, the switch back),
// plus compact Blockly XML written and read. Baseline: a warm compile of the same program in the
// same run (what the editor does on every edit anyway).
import { createMicrobitCompiler, microbitLibraryFiles } from '@blockyard/board-microbit';
import {
  type BlockNode,
  type BlocksWorkspace,
  blocksToTypeScript,
  createBlockRegistry,
  readBlocksXml,
  typeScriptToBlocks,
  writeBlocksXml,
} from '@blockyard/language';
import ts from 'typescript';
import { writeResult } from '../lib/report.ts';
import { type Summary, summarize } from '../lib/stats.ts';

const runs = 7;
const warmups = 5;
const registry = createBlockRegistry({ ts, library: microbitLibraryFiles });
const compiler = createMicrobitCompiler(ts);

/** One part of a realistic program: a function and an event that uses it (about 20 blocks). */
function chunk(i: number, seed: number): { fn: string; event: string } {
  const button = ['A', 'B', 'AB'][i % 3];
  return {
    fn: [
      `function step${i}(n: number) {`,
      `    if (n > ${i % 7}) {`,
      `        led.plot(n % 5, ${i % 5})`,
      `    } else {`,
      `        basic.showNumber(n * ${seed})`,
      `    }`,
      `    return n + 1`,
      `}`,
    ].join('\n'),
    event: [
      `input.onButtonPressed(Button.${button}, function () {`,
      `    count += step${i}(${i})`,
      `    for (let index = 0; index < 4; index++) {`,
      `        basic.showString("" + count + " left")`,
      `        basic.pause(100)`,
      `    }`,
      `})`,
    ].join('\n'),
  };
}

/** A program in the generator's own layout (functions, events, on start, forever). */
function program(chunks: number, seed: number): string {
  const parts = Array.from({ length: chunks }, (_, i) => chunk(i, seed));
  return [
    ...parts.map((p) => p.fn),
    ...parts.map((p) => p.event),
    'let count = 0',
    'basic.forever(function () {',
    '    basic.showNumber(count)',
    '})',
    '',
  ].join('\n');
}

function countBlocks(workspace: BlocksWorkspace): number {
  let count = 0;
  const visit = (block: BlockNode | undefined) => {
    for (let b = block; b; b = b.next) {
      if (!b.shadow) count++;
      for (const input of b.inputs) {
        visit(input.shadow);
        visit(input.block);
      }
    }
  };
  workspace.blocks.forEach(visit);
  return count;
}

/** Chunks needed for at least `blocks` blocks. */
function chunksFor(blocks: number): number {
  const perChunk = (countBlocks(typeScriptToBlocks(program(10, 1), { ts, registry, compiler }).workspace) - 3) / 10;
  return Math.ceil((blocks - 3) / perChunk);
}

function time(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

const metrics: Record<string, Summary> = {};
const notes: string[] = [];

// First conversion in a process (the CLI's case): a new registry and compiler, nothing warm.
{
  const text = program(chunksFor(1000), 1);
  const started = performance.now();
  const freshCompiler = createMicrobitCompiler(ts);
  const freshRegistry = createBlockRegistry({ ts, library: microbitLibraryFiles });
  typeScriptToBlocks(text, { ts, registry: freshRegistry, compiler: freshCompiler });
  metrics['firstInProcess1000Ms'] = summarize([performance.now() - started]);
}
const sizes = [100, 1000];
for (const size of sizes) {
  const chunks = chunksFor(size);
  // Each run converts a program with one literal changed (an edit), never seen by the compiler
  // before: decompiling rebuilds the Program incrementally and type-checks what it asks about.
  const texts = Array.from({ length: runs + warmups }, (_, run) => program(chunks, run + 2));
  const compiledTexts = Array.from({ length: runs + warmups }, (_, run) => program(chunks, run + 100));
  const blocks = countBlocks(typeScriptToBlocks(texts[0]!, { ts, registry, compiler }).workspace);
  notes.push(
    `${size}: ${chunks} events of about 20 blocks, ${blocks} blocks (not counting shadows), ${texts[0]!.split('\n').length} lines.`,
  );
  const compile: number[] = [];
  const decompile: number[] = [];
  const decompileCompiled: number[] = [];
  const generate: number[] = [];
  const writeXml: number[] = [];
  const readXml: number[] = [];
  texts.forEach((text, run) => {
    let workspace: BlocksWorkspace | undefined;
    let xml = '';
    const d = time(() => {
      const result = typeScriptToBlocks(text, { ts, registry, compiler });
      if (result.greyBlocks !== 0) throw new Error(`the bench program has ${result.greyBlocks} grey blocks`);
      workspace = result.workspace;
    });
    const g = time(() => {
      if (blocksToTypeScript(workspace!, registry).code !== text) throw new Error('blocks -> code is not exact');
    });
    const w = time(() => {
      xml = writeBlocksXml(workspace!, { indent: false });
    });
    const r = time(() => readBlocksXml(xml));
    // The baseline: a warm compile of a fresh edit; then the editor's usual case, decompiling
    // code the compiler has just compiled.
    const other = compiledTexts[run]!;
    const c = time(() => {
      if (!compiler.compile({ 'main.ts': other }).program) throw new Error('the bench program does not compile');
    });
    const dc = time(() => typeScriptToBlocks(other, { ts, registry, compiler }));
    if (run < warmups) return;
    compile.push(c);
    decompile.push(d);
    decompileCompiled.push(dc);
    generate.push(g);
    writeXml.push(w);
    readXml.push(r);
  });
  metrics[`decompile${size}Ms`] = summarize(decompile);
  metrics[`generate${size}Ms`] = summarize(generate);
  metrics[`decompileJustCompiled${size}Ms`] = summarize(decompileCompiled);
  metrics[`compileWarm${size}Ms`] = summarize(compile);
  metrics[`decompileVsCompile${size}Ratio`] = summarize(decompile.map((d, i) => d / compile[i]!));
  metrics[`writeXml${size}Ms`] = summarize(writeXml);
  metrics[`readXml${size}Ms`] = summarize(readXml);
}

const median = (name: string) => metrics[name]!.median.toFixed(1);
notes.push(
  `Warm: one registry and one compiler for all runs (as in the editor's worker), ${warmups} warm-up conversions first; every run converts a program with one literal changed that the compiler has not seen, so its Program is rebuilt incrementally and the type checker is new (decompileJustCompiled: the same after compile() of that text, the editor's usual case).`,
  'The baseline is a warm compile of a freshly edited program of the same size in the same run; decompileVsCompile is the ratio per run.',
  'Both directions are checked while timing: no grey blocks, and blocks -> code gives the text back exactly.',
);
const path = writeResult({
  name: 'blocks-convert',
  description: 'Blocks <-> TypeScript for programs of about 100 and 1,000 blocks: decompile, generate, compact XML.',
  metrics,
  targets: {
    decompile1000Ms: '< 300 ms (MakeCode: 2.2-2.7 s on this machine)',
    generate1000Ms: '< 50 ms',
  },
  notes,
});
console.log(
  `blocks-convert: decompile ${median('decompile100Ms')} / ${median('decompile1000Ms')} ms, ` +
    `generate ${median('generate100Ms')} / ${median('generate1000Ms')} ms for 100 / 1,000 blocks ` +
    `(warm compile ${median('compileWarm1000Ms')} ms; decompile/compile ${median('decompileVsCompile1000Ratio')}x) -> ${path}`,
);
