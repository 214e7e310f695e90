// Regenerates every baseline from its case (`npm run update-baselines -w @blockyard/language`).
// Review the diff before committing: a baseline that changes is a behaviour that changed.
// With `--add-missing`, first writes a case for each toolbox block no case uses (toolbox-cases.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBlocksXml } from '../../src/blocks/model/read-blocks-xml.ts';
import { baselinesDir, casesDir, goldenCases, produce } from './golden-cases.ts';
import { blockTypes, decompile, registry } from './harness.ts';
import { toolboxCase } from './toolbox-cases.ts';
import { writeBaselines } from '../write-baselines.ts';

mkdirSync(baselinesDir, { recursive: true });
if (process.argv.includes('--add-missing')) {
  const used = new Set<string>();
  for (const golden of goldenCases()) {
    const workspace = golden.kind === 'ts' ? decompile(golden.input).workspace : readBlocksXml(golden.input);
    for (const type of blockTypes(workspace)) used.add(type);
  }
  for (const category of registry.toolbox.categories) {
    for (const entry of [...category.contents, ...(category.more ?? [])]) {
      if (entry.kind !== 'block' || used.has(entry.type)) continue;
      used.add(entry.type);
      const file = `toolbox-${entry.type.replace(/[^A-Za-z0-9_-]/g, '_')}.ts`;
      writeFileSync(join(casesDir, file), toolboxCase(entry.type, entry.block));
      console.log(`new case: cases/${file}`);
    }
  }
}
writeBaselines(baselinesDir, goldenCases(), produce);
