// The programs of the MakeCode grey-block cross-check (makecode-grey.test.ts), by name: every
// toolbox block as it comes out of the toolbox (its shadows' default values), the example
// projects, the golden cases (TypeScript ones as written, blocks ones as we write them), random
// programs from the property tests' generators (fixed seeds), and the hand-written families and
// neighbours.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBlocksXml } from '../../src/blocks/model/read-blocks-xml.ts';
import { goldenCases } from './golden-cases.ts';
import { generate, registry } from './harness.ts';
import { makeCodeFamilies } from './makecode-families.ts';
import { makeCodeNeighbours } from './makecode-neighbours.ts';
import { randomProgramText } from './random-code.ts';
import { type Chooser, ProgramBuilder } from './random-programs.ts';
import { toolboxCase } from './toolbox-cases.ts';

const examplesDir = join(import.meta.dirname, '..', '..', '..', '..', 'content', 'examples');

/** A small seeded generator (mulberry32), so the random programs are the same on every run. */
function seeded(seed: number): Chooser {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

export function makeCodeCorpus(randomPrograms: number): Map<string, string> {
  const programs = new Map<string, string>();
  const add = (name: string, source: string) => {
    if (source.trim() !== '') programs.set(name, source);
  };
  const seen = new Set<string>();
  for (const category of registry.toolbox.categories) {
    for (const entry of [...category.contents, ...(category.more ?? [])]) {
      if (entry.kind !== 'block') continue;
      const key = `${entry.type} ${JSON.stringify(entry.block)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      add(`toolbox ${category.id} ${entry.type} ${seen.size}`, toolboxCase(entry.type, entry.block));
    }
  }
  for (const name of readdirSync(examplesDir).sort()) {
    const file = join(examplesDir, name, 'main.ts');
    if (existsSync(file)) add(`example ${name}`, readFileSync(file, 'utf8'));
  }
  for (const golden of goldenCases()) {
    const source = golden.kind === 'ts' ? golden.input : generate(readBlocksXml(golden.input)).code;
    add(`case ${golden.file}`, source);
  }
  for (let seed = 1; seed <= randomPrograms; seed++) {
    add(`random blocks ${seed}`, generate(new ProgramBuilder(seeded(seed)).build()).code);
    add(`random code ${seed}`, randomProgramText(seeded(1000 + seed)));
  }
  for (const [family, sources] of Object.entries(makeCodeFamilies)) {
    sources.forEach((source, i) => add(`family ${family} ${i + 1}`, source));
  }
  for (const [drawer, sources] of Object.entries(makeCodeNeighbours)) {
    sources.forEach((source, i) => add(`neighbour ${drawer} ${i + 1}`, source));
  }
  return programs;
}
