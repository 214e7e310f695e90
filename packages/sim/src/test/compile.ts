// Test helper: compiles learner TypeScript for the micro:bit once per test file (warm compiler).
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import type { ProgramImage } from '@blockyard/runtime';
import ts from 'typescript';

let compiler: ReturnType<typeof createMicrobitCompiler> | undefined;

export function compile(source: string, options: { debug?: boolean } = {}): ProgramImage {
  compiler ??= createMicrobitCompiler(ts);
  const result = compiler.compile({ 'main.ts': source }, options);
  if (!result.program) {
    throw new Error(
      `Test program does not compile:\n${result.diagnostics.map((d) => `${d.line}: ${d.message}`).join('\n')}`,
    );
  }
  return result.program;
}
