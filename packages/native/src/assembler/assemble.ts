// The assembler's entry point: text (or statements) in, a flat Thumb image, symbols, listing and
// errors out. It never throws for anything in the input: every problem is an AsmError with a line
// and column, and it stops after `maxErrors` (spec 001: 10).
import { DEFAULT_MAX_ERRORS, ErrorSink, StopAssembly } from './errors.ts';
import { Layout, type LayoutOutput } from './layout.ts';
import { parseLine, type LineState } from './parse-line.ts';
import { formatStatement } from './print.ts';
import { Reader } from './reader.ts';
import type { AsmInput, AsmInputLine, AsmSymbol, AssembleOptions, AssembleResult, Cpu, Statement } from './types.ts';

/** The most text the assembler reads (a few MB is far more than any micro:bit program). */
export const MAX_SOURCE_CHARS = 16 * 1024 * 1024;
const MAX_LINE_CHARS = 64 * 1024;

function isStatement(line: string | AsmInputLine | Statement): line is Statement {
  return typeof line === 'object' && 'kind' in line;
}

function checkOrigin(origin: number, name: string): void {
  if (!Number.isInteger(origin) || origin < 0 || origin > 0xfffffffc || origin % 4 !== 0) {
    throw new TypeError(`${name} must be a multiple of 4 from 0 to 0xfffffffc, not ${origin}`);
  }
}

function checkOptions(options: AssembleOptions): { cpu: Cpu; origin: number; maxErrors: number } {
  const cpu = options.cpu ?? 'v6m';
  if (cpu !== 'v6m' && cpu !== 'v7m') throw new TypeError(`cpu must be 'v6m' or 'v7m', not ${String(cpu)}`);
  const origin = options.origin ?? 0;
  checkOrigin(origin, 'origin');
  if (options.secondOrigin !== undefined) checkOrigin(options.secondOrigin, 'secondOrigin');
  const maxErrors = options.maxErrors ?? DEFAULT_MAX_ERRORS;
  if (!(maxErrors >= 1)) throw new TypeError(`maxErrors must be at least 1, not ${maxErrors}`);
  return { cpu, origin, maxErrors };
}

export function assemble(input: AsmInput, options: AssembleOptions = {}): AssembleResult {
  const { cpu, origin, maxErrors } = checkOptions(options);
  const inline = options.inline ?? false;
  const errors = new ErrorSink(maxErrors);
  const reader = new Reader(
    { cpu, inline, checkStack: options.checkStack ?? inline, symbols: options.symbols },
    errors,
  );
  let stoppedEarly = false;
  let layout: LayoutOutput | undefined;
  let symbols = new Map<string, AsmSymbol>();
  let secondImage: Uint8Array | undefined;
  try {
    readInput(input, reader, errors);
    reader.finish();
    const placer = new Layout(reader.sections, origin, reader.symbols, errors);
    layout = placer.run(options.listing ?? true);
    // Before a second layout moves the sections.
    symbols = collectSymbols(reader);
    if (options.secondOrigin !== undefined && errors.count === 0) secondImage = placer.imageAt(options.secondOrigin);
  } catch (error) {
    if (!(error instanceof StopAssembly)) throw error;
    stoppedEarly = true;
  }
  const ok = errors.count === 0 && layout !== undefined;
  return {
    ok,
    bytes: ok ? layout!.image : new Uint8Array(0),
    origin,
    cpu: reader.cpu,
    sections: layout?.sections ?? [],
    symbols: layout === undefined ? new Map() : symbols,
    listing: layout?.listing ?? [],
    // Found in two passes (reading, then layout): listed in source order.
    errors: [...errors.errors].sort((a, b) => a.line - b.line || a.column - b.column),
    stoppedEarly,
    ...(ok && secondImage !== undefined ? { secondImage } : {}),
  };
}

function readInput(input: AsmInput, reader: Reader, errors: ErrorSink): void {
  const state: LineState = { inBlockComment: false };
  const readText = (text: string, line: number, source: AsmInputLine['source']) => {
    if (text.length > MAX_LINE_CHARS) {
      errors.add('too-large', `the line is longer than ${MAX_LINE_CHARS} characters`, line, 1, source);
      return;
    }
    const parsed = parseLine(text, state);
    for (const problem of parsed.errors) errors.add(problem.code, problem.detail, line, problem.at, source);
    for (const { statement, text: statementText } of parsed.statements) {
      reader.read(
        statement,
        source === undefined ? { line, text: statementText } : { line, text: statementText, source },
      );
      if (reader.ended) return;
    }
  };
  if (typeof input === 'string') {
    if (input.length > MAX_SOURCE_CHARS) {
      errors.add('too-large', `the program text is larger than ${MAX_SOURCE_CHARS / (1024 * 1024)} MB`, 1, 1);
      return;
    }
    let start = 0;
    let line = 1;
    while (start <= input.length && !reader.ended) {
      let end = input.indexOf('\n', start);
      if (end < 0) end = input.length;
      const text = input.charCodeAt(end - 1) === 13 ? input.slice(start, end - 1) : input.slice(start, end);
      readText(text, line, undefined);
      start = end + 1;
      line++;
    }
    return;
  }
  let total = 0;
  input.forEach((entry, index) => {
    if (reader.ended) return;
    const line = index + 1;
    if (isStatement(entry)) {
      reader.read(entry, {
        line,
        text: formatStatement(entry),
        ...(entry.source === undefined ? {} : { source: entry.source }),
      });
      return;
    }
    const text = typeof entry === 'string' ? entry : entry.text;
    total += text.length;
    if (total > MAX_SOURCE_CHARS) {
      errors.add('too-large', `the program text is larger than ${MAX_SOURCE_CHARS / (1024 * 1024)} MB`, line, 1);
      return;
    }
    readText(text, line, typeof entry === 'string' ? undefined : entry.source);
  });
}

function collectSymbols(reader: Reader): Map<string, AsmSymbol> {
  const symbols = new Map<string, AsmSymbol>();
  const table = reader.symbols;
  for (const label of table.labels.values()) {
    const item = label.item;
    const section = label.section;
    if (item === undefined || section === undefined) continue;
    symbols.set(label.name, {
      name: label.name,
      value: section.address + item.offset,
      kind: 'label',
      section: section.name,
      thumbFunction: label.thumbFunction || table.functionNames.has(label.name),
      global: table.globalNames.has(label.name),
      line: label.line,
    });
  }
  for (const equate of table.equates.values()) {
    if (symbols.has(equate.name) || equate.expr.kind !== 'num') continue;
    const value = Number(BigInt.asIntN(64, equate.expr.value));
    symbols.set(equate.name, {
      name: equate.name,
      value,
      kind: 'constant',
      thumbFunction: false,
      global: table.globalNames.has(equate.name),
      line: equate.line,
    });
  }
  for (const [name, value] of table.externals) {
    if (symbols.has(name)) continue;
    symbols.set(name, { name, value, kind: 'external', thumbFunction: false, global: true });
  }
  return symbols;
}
