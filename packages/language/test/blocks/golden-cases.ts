// The golden cases: `cases/<name>.ts` -> `baselines/<name>.blocks` (the decompiled XML) and
// `cases/<name>.blocks` -> `baselines/<name>.ts` (the generated TypeScript). Used by the golden
// test and by `npm run update-baselines -w @blockyard/language`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeBlocksXml } from '../../src/blocks/model/write-blocks-xml.ts';
import { readBlocksXml } from '../../src/blocks/model/read-blocks-xml.ts';
import { decompile, generate } from './harness.ts';

export const casesDir = join(import.meta.dirname, 'cases');
export const baselinesDir = join(import.meta.dirname, 'baselines');

export interface GoldenCase {
  readonly name: string;
  readonly file: string;
  readonly kind: 'ts' | 'blocks';
  readonly input: string;
  readonly baselineFile: string;
  /**
   * Lenient cases (`lenient-*`, `bad-*`, `makecode-*`) are not in the generator's own form, so
   * converting them back gives a tidier program rather than the same text.
   */
  readonly exact: boolean;
}

export function goldenCases(): GoldenCase[] {
  return readdirSync(casesDir)
    .filter((file) => file.endsWith('.ts') || file.endsWith('.blocks'))
    .sort()
    .map((file) => {
      const kind = file.endsWith('.ts') ? 'ts' : 'blocks';
      const name = file.replace(/\.(ts|blocks)$/, '');
      return {
        name,
        file,
        kind,
        input: readFileSync(join(casesDir, file), 'utf8'),
        baselineFile: `${name}.${kind === 'ts' ? 'blocks' : 'ts'}`,
        exact: !/^(lenient|bad|makecode)-/.test(name),
      };
    });
}

/** What the baseline of a case holds. */
export function produce(golden: GoldenCase): string {
  if (golden.kind === 'ts') return writeBlocksXml(decompile(golden.input).workspace);
  return generate(readBlocksXml(golden.input)).code;
}
