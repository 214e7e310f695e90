// The assembler against GNU `arm-none-eabi-as` (the reference, run here at test time) over the
// generated corpus of ~18,000 instruction forms and small programs, for both cores: the same cases
// must be accepted and rejected, and the accepted ones must give the same bytes (after linking at
// address 0 with GNU ld, so label and pool addresses are final).
import { describe, expect, it } from 'vitest';
import { knownMnemonics, type Cpu } from '../src/index.ts';
import { generateCorpus } from './corpus.ts';
import { GNU_AS, compareWithGnu, describeMismatch, haveGnuAs } from './gnu-as.ts';

const available = haveGnuAs();
if (!available) {
  console.warn(
    `\n!!! ${GNU_AS} (Debian package binutils-arm-none-eabi) is missing: the assembler's comparison ` +
      'with GNU as is SKIPPED. `npm test` installs it (scripts/ensure-deps.mjs).\n',
  );
}

describe.skipIf(!available)('assembler matches GNU as over the generated corpus', () => {
  const cases = generateCorpus();

  it('has thousands of cases covering every mnemonic the assembler knows', () => {
    expect(cases.length).toBeGreaterThan(15000);
    const firstWords = new Set(cases.flatMap((c) => c.split('\n').map((line) => line.trim().split(/[\s.]/)[0]!)));
    const missing = knownMnemonics().filter((m) => !firstWords.has(m));
    expect(missing).toEqual([]);
    expect(firstWords.has('it') && firstWords.has('ite') && firstWords.has('ittt')).toBe(true);
  });

  for (const cpu of ['v6m', 'v7m'] as const satisfies readonly Cpu[]) {
    it(`agrees on every case for ${cpu}`, { timeout: 120_000 }, () => {
      const mismatches = compareWithGnu(cases, cpu);
      const report = mismatches.slice(0, 25).map(describeMismatch).join('\n');
      expect(mismatches.length, `${mismatches.length} cases differ from GNU as:\n${report}`).toBe(0);
    });
  }
});
