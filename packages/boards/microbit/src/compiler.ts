// A compiler for micro:bit programs: the language compiler with this board's API library.

import type ts from 'typescript';
import { type Compiler, createCompiler } from '@blockyard/language';
import { microbitLibraryFiles } from './generated/api-library.ts';

/** Pass the TypeScript module (`import ts from 'typescript'`); keep the compiler for fast recompiles. */
export function createMicrobitCompiler(tsApi: typeof ts): Compiler {
  return createCompiler({ ts: tsApi, library: microbitLibraryFiles });
}
