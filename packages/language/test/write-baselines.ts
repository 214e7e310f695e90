// Writes the baselines of golden cases that differ from what is on disk, saying which, for the
// update-baselines scripts of the block and IR golden tests.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes each case's `produce` output to `dir/<baselineFile>` where it differs; logs a summary. */
export function writeBaselines<Case extends { baselineFile: string }>(
  dir: string,
  cases: readonly Case[],
  produce: (golden: Case) => string,
): void {
  let changed = 0;
  for (const golden of cases) {
    const path = join(dir, golden.baselineFile);
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
}
