// Regenerates every IR baseline from its case (`npm run update-ir-baselines -w @blockyard/language`).
// Review the diff before committing: a baseline that changes is a lowering that changed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baselinesDir, irCases, produce } from './ir-harness.ts';

mkdirSync(baselinesDir, { recursive: true });
let changed = 0;
const cases = irCases();
for (const golden of cases) {
  const path = join(baselinesDir, golden.baselineFile);
  const next = produce(golden);
  let previous: string | undefined;
  try {
    previous = readFileSync(path, 'utf8');
  } catch {
    previous = undefined;
  }
  if (previous !== next) {
    writeFileSync(path, next);
    changed++;
    console.log(`${previous === undefined ? 'new' : 'changed'}: baselines/${golden.baselineFile}`);
  }
}
console.log(`${cases.length} cases, ${changed} baseline(s) written.`);
