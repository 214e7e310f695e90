// Python -> TypeScript conversion and compile (issue 13): a program of 1,000 statements (over
// 1,000 lines) written as Python, converted and compiled by `compilePython` the way the editor's
// worker does, against the TypeScript compile of the same program in the same rounds
// (`pythonToTypeScriptCompileRatio`; the conversion alone: `conversionToTypeScriptCompileRatio`).
// Since the worker keeps that compile for the run, this is what a Python edit costs against a
// JavaScript one. Each round edits one literal, as typing does, so neither side compiles an
// unchanged text. One compiler, warmed first (the editor's worker is warm).
import { createMicrobitCompiler, microbitLibraryFiles } from '@blockyard/board-microbit';
import { compilePython, pythonNames, pythonToTypeScript, typeScriptToPython } from '@blockyard/language';
import ts from 'typescript';
import { programOfSize } from '../lib/programs.ts';
import { writeResult } from '../lib/report.ts';
import { type Summary, summarize } from '../lib/stats.ts';

const statements = 1000;
const runs = 15;
const jitWarmups = 15;

const names = pythonNames(ts, microbitLibraryFiles);
const compiler = createMicrobitCompiler(ts);

/** The benchmark program in both languages; `variant` changes one literal. */
function program(variant: number): { typeScript: string; python: string } {
  const typeScript = programOfSize(statements, variant);
  const converted = typeScriptToPython(ts, typeScript, names);
  if (converted.diagnostics.length)
    throw new Error(`Python cannot show the program: ${converted.diagnostics[0]!.message}`);
  return { typeScript, python: converted.code };
}

const sample = program(0);
const check = compilePython(compiler, names, { 'main.py': sample.python });
const errors = check.diagnostics.filter((d) => d.category === 'error');
if (errors.length || !check.program) throw new Error(`the Python program does not compile: ${errors[0]?.message}`);

for (let run = 0; run < jitWarmups; run++) {
  const { typeScript, python } = program(1000 + run);
  compiler.compile({ 'main.ts': typeScript });
  compilePython(compiler, names, { 'main.py': python });
}

const convert: number[] = [];
const pythonCompile: number[] = [];
const typeScriptCompile: number[] = [];
const ratio: number[] = [];
const convertRatio: number[] = [];
for (let run = 0; run < runs; run++) {
  const { typeScript, python } = program(run + 1);
  let started = performance.now();
  pythonToTypeScript(python, names);
  convert.push(performance.now() - started);
  started = performance.now();
  compilePython(compiler, names, { 'main.py': python });
  const py = performance.now() - started;
  started = performance.now();
  compiler.compile({ 'main.ts': typeScript });
  const tsMs = performance.now() - started;
  pythonCompile.push(py);
  typeScriptCompile.push(tsMs);
  ratio.push(py / tsMs);
  convertRatio.push(convert.at(-1)! / tsMs);
}

const metrics: Record<string, Summary> = {
  pythonLines: summarize([sample.python.split('\n').length - 1]),
  pythonToTypeScriptMs: summarize(convert),
  pythonConvertAndCompileMs: summarize(pythonCompile),
  typeScriptCompileMs: summarize(typeScriptCompile),
  pythonToTypeScriptCompileRatio: summarize(ratio),
  conversionToTypeScriptCompileRatio: summarize(convertRatio),
};
const path = writeResult({
  name: 'python-convert',
  description: `Python -> TypeScript and compile of ${statements} statements, against the TypeScript compile of the same program`,
  metrics,
  targets: { pythonToTypeScriptMs: 'under 100 ms warm for 1,000 statements (issue 13)' },
});
console.log(JSON.stringify(metrics, null, 2));
console.log(`wrote ${path}`);
