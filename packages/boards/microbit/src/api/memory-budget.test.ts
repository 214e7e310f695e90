// Issue 21 item 4: a program held 4 GB of buffers in the frame, outside the 64 MB budget. Every
// way a program makes memory it can keep is counted together now (see the runtime's
// MemoryBudget ledger), and the program ends with the runtime's error.
import { describe, expect, it } from 'vitest';
import * as attacks from '../test/attacks/memory-attacks.ts';
import { emitters, irEmits, run } from '../test/programs.ts';

// Both JavaScript back ends route growth through the same helpers; neither may regress.
describe.each(emitters)('the memory budget holds on every path (issue 21, %s emitter)', (emitter) => {
  it.each([
    ['many buffers under the budget each', attacks.manyBigBuffers],
    ['buffers made by concat', attacks.derivedBuffers],
    ['buffers made from text', attacks.textBuffers],
    ['a list of big strings', attacks.listOfBigStrings],
  ])('%s end with "out of memory"', (_name, source) => {
    expect(irEmits(source)).toBe(true);
    const result = run(source, { timeMs: 5000, emitter });
    expect(result.error?.message).toMatch(/^Out of memory/);
    expect(result.lines).toEqual([]);
  });
});
