// Directives: mode and core (.syntax, .thumb, .cpu, .arch), sections, symbols (.global,
// .thumb_func, .type, .equ/.set), data (.word, .short, .byte, .ascii, .space, .fill, .inst),
// alignment (.balign, .p2align, .align) and literal pools (.ltorg, .pool). Tool-chain directives
// that do not change the bytes (.fpu, .eabi_attribute, .size, .file, …) are accepted and ignored.
import { Cursor, ParseError } from './cursor.ts';
import { EncodeError } from './errors.ts';
import { parseExpression, readEscaped } from './parse-expression.ts';
import type { BoundExpr } from './program.ts';
import { MAX_OUTPUT_BYTES, type Place, type Reader, itemBase } from './reader.ts';
import type { Cpu, Expr, Statement } from './types.ts';

type Directive = Statement & { kind: 'directive' };

const CPUS: Readonly<Record<string, Cpu>> = {
  'cortex-m0': 'v6m',
  'cortex-m0plus': 'v6m',
  'cortex-m0.small-multiply': 'v6m',
  'cortex-m0plus.small-multiply': 'v6m',
  'cortex-m1': 'v6m',
  'cortex-m3': 'v7m',
  'cortex-m4': 'v7m',
  'cortex-m7': 'v7m',
};

const ARCHES: Readonly<Record<string, Cpu>> = {
  'armv6-m': 'v6m',
  'armv6s-m': 'v6m',
  'armv7-m': 'v7m',
  'armv7e-m': 'v7m',
};

const IGNORED = new Set([
  '.fpu',
  '.eabi_attribute',
  '.file',
  '.ident',
  '.size',
  '.arch_extension',
  '.object_arch',
  '.loc',
  '.hidden',
  '.protected',
  '.internal',
  '.extern',
  '.local',
  '.fnstart',
  '.fnend',
  '.cantunwind',
  '.force_thumb',
  '.thumb_set',
]);

const DATA_WIDTHS: Readonly<Record<string, 1 | 2 | 4 | 8>> = {
  '.byte': 1,
  '.short': 2,
  '.hword': 2,
  '.2byte': 2,
  '.word': 4,
  '.long': 4,
  '.int': 4,
  '.4byte': 4,
  '.quad': 8,
  '.8byte': 8,
};

function argsCursor(d: Directive): Cursor {
  const start = (d.argsAt ?? 1) - 1;
  return new Cursor(' '.repeat(start) + d.args, start, start + d.args.length);
}

/** A data directive's values as parsed (binding makes new expressions: these are not changed). */
const dataValues = new WeakMap<Directive, readonly Expr[]>();

function expressionList(cur: Cursor): Expr[] {
  const list: Expr[] = [];
  if (cur.atEnd()) return list;
  for (;;) {
    list.push(parseExpression(cur));
    if (cur.atEnd()) return list;
    cur.expect(',', "',' between values");
  }
}

function name(cur: Cursor, what: string): string {
  const at = cur.column;
  const id = cur.identifier();
  if (id === undefined) throw new ParseError(`expected ${what}`, at);
  return id;
}

function grow(reader: Reader, bytes: number, at: number): void {
  reader.outputEstimate += bytes;
  if (reader.outputEstimate > MAX_OUTPUT_BYTES) {
    throw new EncodeError('too-large', `the program would be larger than ${MAX_OUTPUT_BYTES / (1024 * 1024)} MB`, at);
  }
}

export function readDirective(reader: Reader, d: Directive, place: Place): void {
  const at = d.at ?? 1;
  const directive = d.name.toLowerCase();
  try {
    readOne(reader, d, directive, place, at);
  } catch (error) {
    if (error instanceof ParseError) throw new EncodeError(error.code, error.detail, error.at);
    throw error;
  }
}

function readOne(reader: Reader, d: Directive, directive: string, place: Place, at: number): void {
  const width = DATA_WIDTHS[directive];
  if (width !== undefined) {
    // Parsed once per directive: parsed lines are kept by text between assemblies (parse-line.ts).
    let parsed = dataValues.get(d);
    if (parsed === undefined) dataValues.set(d, (parsed = expressionList(argsCursor(d))));
    const values = parsed.map((e) => reader.bind(e));
    if (values.length === 0) return;
    grow(reader, width * values.length, at);
    reader.add({ kind: 'data', width, values, ...itemBase(place, at) });
    return;
  }
  if (IGNORED.has(directive) || directive.startsWith('.cfi_')) return;
  const cur = argsCursor(d);
  switch (directive) {
    case '.syntax': {
      const mode = cur.rest().toLowerCase();
      if (mode !== 'unified') {
        throw new EncodeError(
          'bad-operands',
          `only '.syntax unified' is supported, not '${cur.rest()}'`,
          d.argsAt ?? at,
        );
      }
      return;
    }
    case '.thumb':
      return;
    case '.arm':
      throw new EncodeError(
        'unsupported-on-cpu',
        'ARM (32-bit) code is not supported: Cortex-M cores only run Thumb',
        at,
      );
    case '.code': {
      const bits = cur.rest();
      if (bits === '16') return;
      throw new EncodeError(
        'unsupported-on-cpu',
        `only '.code 16' (Thumb) is supported, not '.code ${bits}'`,
        d.argsAt ?? at,
      );
    }
    case '.cpu':
    case '.arch': {
      const value = cur.rest().toLowerCase();
      const cpu = (directive === '.cpu' ? CPUS : ARCHES)[value];
      if (cpu === undefined) {
        const known = Object.keys(directive === '.cpu' ? CPUS : ARCHES).join(', ');
        throw new EncodeError(
          'bad-operands',
          `unknown ${directive.slice(1)} '${value}': use one of ${known}`,
          d.argsAt ?? at,
        );
      }
      reader.cpu = cpu;
      reader.section.cpu = cpu;
      return;
    }
    case '.thumb_func':
      reader.thumbFuncPending = true;
      return;
    case '.type': {
      const symbol = name(cur, 'a symbol name');
      cur.expect(',', "',' after the name");
      const kind = cur
        .rest()
        .replace(/^[%@#]/, '')
        .toLowerCase();
      if (kind === 'function' || kind === 'stt_func') {
        reader.symbols.functionNames.add(symbol);
        const label = reader.symbols.labels.get(symbol);
        if (label !== undefined) label.thumbFunction = true;
      }
      return;
    }
    case '.global':
    case '.globl':
    case '.weak': {
      for (const part of d.args.split(',')) {
        const n = part.trim();
        if (n !== '') reader.symbols.globalNames.add(n);
      }
      return;
    }
    case '.text':
      reader.switchSection('.text', true);
      return;
    case '.data':
      reader.switchSection('.data', false);
      return;
    case '.bss':
      throw new EncodeError(
        'bad-operands',
        '.bss has no contents in a flat image: reserve memory at run time instead',
        at,
      );
    case '.section':
      readSection(reader, cur, at);
      return;
    case '.ascii':
    case '.asciz':
    case '.string':
      readStrings(reader, cur, directive !== '.ascii', place, at);
      return;
    case '.space':
    case '.skip':
    case '.zero': {
      const size = reader.constantValue(parseExpression(cur), 'the size');
      let fill = 0;
      if (directive !== '.zero' && cur.eat(','))
        fill = reader.constantValue(parseExpression(cur), 'the fill value') & 0xff;
      endOfArgs(cur);
      addFill(reader, size, 1, fill, place, at);
      return;
    }
    case '.fill': {
      const repeat = reader.constantValue(parseExpression(cur), 'the repeat count');
      let size = 1;
      let value = 0;
      if (cur.eat(',')) size = reader.constantValue(parseExpression(cur), 'the size');
      if (cur.eat(',')) value = reader.constantValue(parseExpression(cur), 'the value');
      endOfArgs(cur);
      if (size < 0 || size > 8) throw new EncodeError('out-of-range', `.fill sizes are 0 to 8 bytes, not ${size}`, at);
      addFill(reader, repeat, size, value, place, at);
      return;
    }
    case '.balign':
    case '.p2align':
    case '.align':
      readAlign(reader, cur, directive, place, at);
      return;
    case '.equ':
    case '.set':
    case '.equiv': {
      const symbol = name(cur, 'a name');
      cur.expect(',', "',' after the name");
      const expr = parseExpression(cur);
      endOfArgs(cur);
      reader.defineEquate(symbol, expr, place, at, directive === '.equiv');
      return;
    }
    case '.ltorg':
    case '.pool':
      reader.closePool(reader.section, place.line, place.text);
      return;
    case '.end':
      reader.ended = true;
      return;
    case '.inst':
    case '.inst.n':
    case '.inst.w':
      readInst(reader, cur, directive, place, at);
      return;
    default:
      throw new EncodeError('unknown-directive', `'${d.name}' is not a directive this assembler knows`, at);
  }
}

function endOfArgs(cur: Cursor): void {
  if (!cur.atEnd()) throw new ParseError(`unexpected '${cur.peek()}'`, cur.column);
}

function readSection(reader: Reader, cur: Cursor, at: number): void {
  const start = cur.pos;
  cur.skipSpace();
  while (cur.pos < cur.end && !/[\s,]/.test(cur.text[cur.pos]!)) cur.pos++;
  const sectionName = cur.text.slice(start, cur.pos).trim();
  if (sectionName === '') throw new EncodeError('bad-operands', '.section needs a name such as .text', at);
  let flags = '';
  let type = '';
  if (cur.eat(',')) {
    const rest = cur.rest();
    const m = /^"([^"]*)"\s*(?:,\s*([%@]\w+))?/.exec(rest);
    if (m !== null) {
      flags = m[1]!;
      type = (m[2] ?? '').toLowerCase();
    }
  }
  if (sectionName.startsWith('.bss') || type === '%nobits' || type === '@nobits') {
    throw new EncodeError('bad-operands', `${sectionName} has no contents in a flat image`, at);
  }
  const code = sectionName === '.text' || sectionName.startsWith('.text.') || flags.includes('x');
  reader.switchSection(sectionName, code);
}

function readStrings(reader: Reader, cur: Cursor, zero: boolean, place: Place, at: number): void {
  const bytes: number[] = [];
  if (cur.atEnd()) throw new ParseError('expected a string in double quotes', cur.column);
  for (;;) {
    const strAt = cur.column;
    if (!cur.eat('"')) throw new ParseError('expected a string in double quotes', strAt);
    for (;;) {
      if (cur.pos >= cur.end) throw new ParseError('the string has no closing quote', strAt);
      if (cur.text[cur.pos] === '"') {
        cur.pos++;
        break;
      }
      const { code, next } = readEscaped(cur.text, cur.pos, cur.end, cur.column);
      if (code > 0x7f && cur.text[cur.pos] !== '\\') {
        // Text outside ASCII is written as UTF-8, as GNU as does with a UTF-8 source file.
        const point = cur.text.codePointAt(cur.pos)!;
        bytes.push(...utf8(point));
        cur.pos += point > 0xffff ? 2 : 1;
        continue;
      }
      bytes.push(code);
      cur.pos = next;
    }
    if (zero) bytes.push(0);
    if (cur.atEnd()) break;
    cur.expect(',', "',' between strings");
  }
  grow(reader, bytes.length, at);
  reader.add({ kind: 'bytes', bytes: Uint8Array.from(bytes), ...itemBase(place, at) });
}

function addFill(reader: Reader, repeat: number, size: number, value: number, place: Place, at: number): void {
  if (!Number.isInteger(repeat) || repeat < 0)
    throw new EncodeError('out-of-range', `the size must be 0 or more, not ${repeat}`, at);
  const total = repeat * size;
  grow(reader, total, at);
  const bytes = new Uint8Array(total);
  if (value !== 0) {
    for (let i = 0; i < repeat; i++) {
      for (let b = 0; b < size && b < 4; b++) bytes[i * size + b] = (value >>> (8 * b)) & 0xff;
    }
  }
  reader.add({ kind: 'bytes', bytes, ...itemBase(place, at) });
}

function readAlign(reader: Reader, cur: Cursor, directive: string, place: Place, at: number): void {
  let amount = directive === '.balign' ? 4 : 2;
  let fill: number | undefined;
  let max: number | undefined;
  if (!cur.atEnd()) {
    if (cur.peek() !== ',') amount = reader.constantValue(parseExpression(cur), 'the alignment');
    if (cur.eat(',')) {
      if (cur.peek() !== ',' && !cur.atEnd())
        fill = reader.constantValue(parseExpression(cur), 'the fill value') & 0xff;
      if (cur.eat(',')) max = reader.constantValue(parseExpression(cur), 'the maximum padding');
    }
    endOfArgs(cur);
  }
  let boundary: number;
  if (directive === '.balign') {
    if (!Number.isInteger(amount) || amount < 1 || (amount & (amount - 1)) !== 0 || amount > 1 << 16) {
      throw new EncodeError('out-of-range', `.balign takes a power of two from 1 to 65536, not ${amount}`, at);
    }
    boundary = amount;
  } else {
    if (!Number.isInteger(amount) || amount < 0 || amount > 16) {
      throw new EncodeError(
        'out-of-range',
        `${directive} takes a power of two exponent from 0 to 16, not ${amount}`,
        at,
      );
    }
    boundary = 1 << amount;
  }
  const power = 31 - Math.clz32(boundary);
  if (power > reader.section.alignPower) reader.section.alignPower = power;
  reader.frag++;
  grow(reader, boundary, at);
  reader.add({
    kind: 'align',
    boundary,
    cpu: reader.cpu,
    ...(fill === undefined ? {} : { fill }),
    ...(max === undefined ? {} : { max }),
    ...itemBase(place, at),
  });
}

function readInst(reader: Reader, cur: Cursor, directive: string, place: Place, at: number): void {
  if (!reader.section.code) throw new EncodeError('bad-operands', '.inst belongs in a code section', at);
  const values = expressionList(cur);
  for (const expr of values) {
    const value = reader.constantValue(expr, 'an instruction word');
    const width: 2 | 4 = directive === '.inst.n' ? 2 : directive === '.inst.w' ? 4 : value > 0xffff ? 4 : 2;
    const limit = width === 2 ? 0xffff : 0xffffffff;
    if (!Number.isInteger(value) || value < 0 || value > limit) {
      throw new EncodeError(
        'out-of-range',
        `${directive} takes 0 to 0x${limit.toString(16)}, not ${value}`,
        expr.at ?? at,
      );
    }
    const bound: BoundExpr = { kind: 'num', value: BigInt(value) };
    grow(reader, width, at);
    reader.add({ kind: 'data', width, values: [bound], instruction: true, ...itemBase(place, at) });
  }
}

function utf8(point: number): number[] {
  if (point < 0x80) return [point];
  if (point < 0x800) return [0xc0 | (point >> 6), 0x80 | (point & 0x3f)];
  if (point < 0x10000) return [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f)];
  return [0xf0 | (point >> 18), 0x80 | ((point >> 12) & 0x3f), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f)];
}
