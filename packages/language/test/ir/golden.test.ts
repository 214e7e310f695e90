// The IR of each case in cases/ must equal its baseline (regenerate with
// `npm run update-ir-baselines -w @blockyard/language` and review the diff).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselinesDir, irCases, produce } from './ir-harness.ts';

describe('IR golden files', () => {
  const cases = irCases();
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(5);
  });
  for (const golden of cases) {
    it(golden.name, () => {
      const expected = readFileSync(join(baselinesDir, golden.baselineFile), 'utf8');
      expect(produce(golden)).toBe(expected);
    });
  }
});
