// Shared setup for the IR tests: a compiler with the micro:bit API library (read from the board
// package's declaration files, as the blocks tests do: the language package may not import the
// board), lowering helpers, and the golden cases `cases/<name>.ts` -> `baselines/<name>.ir`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { createCompiler } from '../../src/compiler/create-compiler.ts';
import { formatDiagnostic } from '../../src/compiler/diagnostics.ts';
import { dumpIr } from '../../src/ir/dump-ir.ts';
import type { IrModule } from '../../src/ir/ir-module.ts';
import { microbitLibrary } from '../microbit-library.ts';

export const compiler = createCompiler({ ts, library: microbitLibrary });

/** The IR of a program; throws with the diagnostics when it does not lower. */
export function lower(source: string | Record<string, string>, options: { debug?: boolean } = {}): IrModule {
  const files = typeof source === 'string' ? { 'main.ts': source } : source;
  const result = compiler.lower(files, options);
  if (!result.module) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  return result.module;
}

const casesDir = join(import.meta.dirname, 'cases');
export const baselinesDir = join(import.meta.dirname, 'baselines');

export interface IrCase {
  readonly name: string;
  readonly input: string;
  readonly baselineFile: string;
}

export function irCases(): IrCase[] {
  return readdirSync(casesDir)
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => {
      const name = file.replace(/\.ts$/, '');
      return { name, input: readFileSync(join(casesDir, file), 'utf8'), baselineFile: `${name}.ir` };
    });
}

/** What a case's baseline holds: the IR dump. */
export function produce(golden: IrCase): string {
  return dumpIr(lower(golden.input));
}
