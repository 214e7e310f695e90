// Property tests: random block programs come back as the same blocks after a trip through
// TypeScript (and XML); random programs written in the generator's style come back as the same
// text after a trip through blocks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBlocksXml } from '../../src/blocks/model/read-blocks-xml.ts';
import { writeBlocksXml } from '../../src/blocks/model/write-blocks-xml.ts';
import { decompile, generate, normalize } from './harness.ts';
import { ProgramBuilder } from './random-programs.ts';
import { randomProgramText } from './random-code.ts';

// BLOCKS_PROPERTY_RUNS=2000 for a longer search.
const runs = Number(process.env['BLOCKS_PROPERTY_RUNS'] ?? 120);
/** Each run type-checks a fresh program: the properties need more than the default 5 s. */
const timeout = 120_000;

describe('blocks -> TypeScript -> blocks', () => {
  it(
    'gives back the same blocks (ids and positions aside), through XML both ways',
    () => {
      fc.assert(
        fc.property(fc.gen(), (g) => {
          const program = new ProgramBuilder({ int: (min, max) => g(fc.integer, { min, max }) }).build();
          const loaded = readBlocksXml(writeBlocksXml(program));
          const generated = generate(loaded);
          expect(generated.diagnostics).toEqual([]);
          const back = decompile(generated.code);
          expect(back.greyNotes, generated.code).toEqual([]);
          const reloaded = readBlocksXml(writeBlocksXml(back.workspace));
          expect(normalize(reloaded), generated.code).toEqual(normalize(program));
        }),
        { numRuns: runs },
      );
    },
    timeout,
  );
});

describe('TypeScript -> blocks -> TypeScript', () => {
  it(
    'gives back the same text for code in the generator’s form',
    () => {
      fc.assert(
        fc.property(fc.gen(), (g) => {
          const code = randomProgramText({ int: (min, max) => g(fc.integer, { min, max }) });
          const blocks = decompile(code);
          expect(blocks.greyNotes, code).toEqual([]);
          expect(generate(blocks.workspace).code).toBe(code);
        }),
        { numRuns: runs },
      );
    },
    timeout,
  );
});
