// Regenerates every IR baseline from its case (`npm run update-ir-baselines -w @blockyard/language`).
// Review the diff before committing: a baseline that changes is a lowering that changed.
import { mkdirSync } from 'node:fs';
import { writeBaselines } from '../write-baselines.ts';
import { baselinesDir, irCases, produce } from './ir-harness.ts';

mkdirSync(baselinesDir, { recursive: true });
writeBaselines(baselinesDir, irCases(), produce);
