// The first pass: reads statements in order into sections of items, defines labels and equates,
// binds expressions, checks IT blocks and the inline stack, and assigns literal pool entries.
import { readDirective } from './directives.ts';
import type { ErrorSink } from './errors.ts';
import { EncodeError } from './errors.ts';
import { evaluate, isConstant, isPureConstant, type EvalContext } from './evaluate.ts';
import { ItTracker } from './it-block.ts';
import { conditionCode } from './names.ts';
import {
  newPool,
  type BoundExpr,
  type InstructionItem,
  type InstructionTemplate,
  type Item,
  type LabelSymbol,
  type Pool,
  type Section,
} from './program.ts';
import { StackTracker } from './stack-check.ts';
import { SymbolTable } from './symbols.ts';
import { itInstruction } from './thumb/branch.ts';
import { decodeMnemonic } from './thumb/instructions.ts';
import { literalMove } from './thumb/memory.ts';
import type { Cpu, Expr, Operand, SourceRef, Statement } from './types.ts';

/**
 * Address-free instructions' templates by their parsed operands (parse-line.ts shares a line's
 * parse between reads of the same text): a back end assembles nearly the same lines at every
 * build, and reading one from its template skips decoding, binding and (once laid out) encoding.
 */
const templates = new WeakMap<readonly Operand[], InstructionTemplate>();

/** Evaluates pure constants (no label, equate or `.` to look up). */
const CONSTANT_CONTEXT: EvalContext = {
  dot: 0,
  labelAddress: () => 0,
  resolve: () => undefined,
  equateValue: () => 0n,
};

/** The largest image the assembler makes (a micro:bit has at most 512 KB of flash). */
export const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

export interface ReaderOptions {
  readonly cpu: Cpu;
  readonly inline: boolean;
  readonly checkStack: boolean;
  readonly symbols?: Readonly<Record<string, number>>;
}

/** Where the statement being read came from. */
export interface Place {
  readonly line: number;
  readonly text: string;
  readonly source?: SourceRef;
}

export class Reader {
  readonly sections: Section[] = [];
  readonly symbols: SymbolTable;
  section: Section;
  cpu: Cpu;
  /** `.thumb_func` was seen: the next label is a Thumb function. */
  thumbFuncPending = false;
  ended = false;
  /** The current frag (see LabelSymbol.frag). */
  frag = 0;
  /** A running estimate of the output size, against MAX_OUTPUT_BYTES. */
  outputEstimate = 0;
  private readonly it = new ItTracker();
  private readonly stack = new StackTracker();
  private readonly localIds = new WeakMap<LabelSymbol, number>();
  private nextLocalId = 1;
  private lastLine = 0;

  constructor(
    readonly options: ReaderOptions,
    readonly errors: ErrorSink,
  ) {
    this.cpu = options.cpu;
    this.symbols = new SymbolTable(options.symbols);
    this.section = this.switchSection('.text', true);
  }

  switchSection(name: string, code: boolean): Section {
    let section = this.sections.find((s) => s.name === name);
    if (section === undefined) {
      section = {
        name,
        code,
        items: [],
        alignPower: code ? 1 : 0,
        pool: newPool(),
        cpu: this.cpu,
        address: 0,
        prevAddress: 0,
        size: 0,
      };
      this.sections.push(section);
    }
    this.section = section;
    this.frag++;
    return section;
  }

  error(code: Parameters<ErrorSink['add']>[0], detail: string, place: Place, column: number): void {
    this.errors.add(code, detail, place.line, column, place.source);
  }

  add(item: Item): void {
    this.section.items.push(item);
  }

  bind(expr: Expr): BoundExpr {
    return this.symbols.bind(expr);
  }

  /** The value of an expression that must be constant when read (sizes, alignments, counts). */
  constantValue(expr: Expr, what: string): number {
    const bound = this.bind(expr);
    if (!isPureConstant(bound)) {
      throw new EncodeError('bad-operands', `${what} must be a constant known here, not a label`, expr.at);
    }
    return Number(evaluate(bound, CONSTANT_CONTEXT));
  }

  read(statement: Statement, place: Place): void {
    if (this.ended) return;
    this.lastLine = place.line;
    const column = statement.at ?? 1;
    try {
      switch (statement.kind) {
        case 'label':
          this.readLabel(statement.name, place, column);
          return;
        case 'assignment':
          this.defineEquate(statement.name, statement.expr, place, column, false);
          return;
        case 'directive':
          readDirective(this, statement, place);
          return;
        case 'instruction':
          this.readInstruction(statement.mnemonic, statement.operands, place, column);
          return;
      }
    } catch (error) {
      if (error instanceof EncodeError) this.error(error.code, error.detail, place, error.at ?? column);
      else throw error;
    }
  }

  private readLabel(name: string, place: Place, column: number): void {
    let label: LabelSymbol;
    if (/^[0-9]+$/.test(name)) {
      label = this.symbols.defineLocal(Number(name));
    } else {
      if (this.options.inline && name.startsWith('_')) {
        throw new EncodeError(
          'reserved-label',
          `labels starting with '_' are reserved for the compiler in inline assembly: rename '${name}'`,
          column,
        );
      }
      if (this.symbols.equates.has(name)) {
        throw new EncodeError('label-redefinition', `'${name}' is already defined with .equ or .set`, column);
      }
      label = this.symbols.label(name);
      if (label.item !== undefined) {
        throw new EncodeError(
          'label-redefinition',
          `'${name}' is already defined on line ${label.line}; every label needs its own name`,
          column,
        );
      }
    }
    label.section = this.section;
    label.frag = this.frag;
    label.line = place.line;
    label.column = column;
    if (this.thumbFuncPending) {
      label.thumbFunction = true;
      this.thumbFuncPending = false;
    }
    const item = {
      kind: 'label' as const,
      label,
      ...itemBase(place, column),
    };
    label.item = item;
    this.add(item);
  }

  defineEquate(name: string, expr: Expr, place: Place, column: number, once: boolean): void {
    if (this.symbols.labels.get(name)?.item !== undefined) {
      throw new EncodeError(
        'label-redefinition',
        `'${name}' is already a label on line ${this.symbols.labels.get(name)!.line}`,
        column,
      );
    }
    if (once && this.symbols.equates.has(name)) {
      throw new EncodeError('label-redefinition', `'${name}' is already defined (.equiv does not redefine)`, column);
    }
    if (this.options.inline && name.startsWith('_')) {
      throw new EncodeError(
        'reserved-label',
        `names starting with '_' are reserved for the compiler in inline assembly: rename '${name}'`,
        column,
      );
    }
    let bound = this.bind(expr);
    if (containsDot(bound)) {
      // `.` in an equate means the address where it is defined: mark that place with a label.
      const here: LabelSymbol = {
        kind: 'label',
        name: '.',
        local: true,
        section: this.section,
        frag: this.frag,
        thumbFunction: false,
        global: false,
        line: place.line,
        column,
      };
      const item = {
        kind: 'label' as const,
        label: here,
        line: place.line,
        column,
        text: '',
        offset: 0,
        prevOffset: 0,
        size: 0,
        pass: -1,
      };
      here.item = item;
      this.add(item);
      bound = replaceDot(bound, here);
    }
    this.symbols.defineEquate(name, bound, place.line);
  }

  private readInstruction(mnemonic: string, operands: readonly Operand[], place: Place, column: number): void {
    const simple = !this.options.checkStack && !this.it.active && this.section.code;
    const template = simple ? templates.get(operands) : undefined;
    if (template !== undefined && template.mnemonic === mnemonic && template.cpu === this.cpu) {
      this.readTemplate(template, place, column);
      return;
    }
    const decoded = decodeMnemonic(mnemonic);
    if (decoded === undefined) {
      throw new EncodeError(
        'unknown-instruction',
        `'${mnemonic}' is not a Thumb instruction this assembler knows`,
        column,
      );
    }
    if (this.section.code === false) {
      throw new EncodeError(
        'bad-operands',
        `instructions belong in a code section (.text), not ${this.section.name}`,
        column,
      );
    }
    if (decoded.itPattern !== undefined) {
      this.readIt(decoded.itPattern, decoded.width, operands, place, column);
      return;
    }
    const spec = decoded.spec!;
    const cpu = this.cpu;
    if (spec.v7m && cpu === 'v6m') {
      throw new EncodeError(
        'unsupported-on-cpu',
        `${mnemonic} is a Thumb-2 instruction, which the Cortex-M0 (v6m, micro:bit V1) does not have`,
        column,
      );
    }
    let sizeReq = decoded.width;
    if (cpu === 'v6m' && !spec.m0Wide) {
      if (sizeReq === 4) {
        throw new EncodeError(
          'unsupported-on-cpu',
          `the Cortex-M0 (v6m, micro:bit V1) has no 32-bit ${mnemonic}`,
          column,
        );
      }
      sizeReq = 2;
    }
    const inIt = this.it.check(decoded, operands, column);
    // Loops, not closures per instruction (every line of every build comes through here).
    const bound = new Array<Operand>(operands.length);
    let same = true;
    for (let i = 0; i < operands.length; i++) {
      const op = this.bindOperand(operands[i]!);
      bound[i] = op;
      if (op !== operands[i]) same = false;
    }
    if (this.options.checkStack) {
      this.stack.step(spec.name, bound, (i) => this.operandConstant(bound[i]), place.line, column);
    }
    const item: InstructionItem = {
      kind: 'instruction',
      decoded,
      operands: bound,
      cpu,
      sizeReq,
      inIt,
      wide: false,
      symbolic: anySymbolic(bound),
      ...itemBase(place, column),
    };
    const literal = bound[1];
    if (spec.name === 'ldr' && literal?.kind === 'literal') {
      const expr = literal.expr as BoundExpr;
      const constant = isPureConstant(expr);
      const value = constant ? this.constantOf(expr) : NaN;
      if (literalMove(cpu, constant, value) === undefined) {
        item.literal = this.poolEntry(this.section.pool, expr, place.line, literal.at ?? column);
      }
    }
    const relax = mayRelax(item);
    if (simple && !inIt && item.literal === undefined && !item.symbolic && same) {
      item.template = { mnemonic, cpu, decoded, operands, sizeReq, relax };
      templates.set(operands, item.template);
    }
    this.outputEstimate += 4;
    this.add(item);
    if (relax) this.frag++;
  }

  /** An instruction read before (see `templates`): the same item, and its bits when known. */
  private readTemplate(template: InstructionTemplate, place: Place, column: number): void {
    const encoded = template.encoded;
    // One literal with every field (no spreads: this runs for most lines of every build).
    const item: InstructionItem & { source?: Place['source'] } = {
      kind: 'instruction',
      decoded: template.decoded,
      operands: template.operands,
      cpu: template.cpu,
      sizeReq: template.sizeReq,
      inIt: false,
      wide: false,
      symbolic: false,
      line: place.line,
      column,
      text: place.text,
      offset: 0,
      prevOffset: 0,
      size: encoded === undefined ? 0 : encoded.size,
      pass: -1,
      template,
      encoded,
      fixed: encoded !== undefined,
      placeFree: encoded !== undefined,
    };
    if (place.source !== undefined) item.source = place.source;
    this.outputEstimate += 4;
    this.add(item);
    if (template.relax) this.frag++;
  }

  private readIt(pattern: string, width: number, operands: readonly Operand[], place: Place, column: number): void {
    if (this.cpu === 'v6m') {
      throw new EncodeError(
        'unsupported-on-cpu',
        'IT blocks are Thumb-2: the Cortex-M0 (v6m, micro:bit V1) has no conditional execution except branches',
        column,
      );
    }
    if (width === 4) throw new EncodeError('bad-operands', 'it has no 32-bit form', column);
    const op = operands[0];
    const name = operands.length === 1 && op?.kind === 'imm' && op.expr.kind === 'sym' ? op.expr.name : undefined;
    const cond = name === undefined ? undefined : conditionCode(name);
    if (cond === undefined) {
      throw new EncodeError('bad-operands', `it takes a condition such as eq, ne, lt or ge`, op?.at ?? column);
    }
    this.it.open(pattern, cond, column);
    const item: InstructionItem = {
      kind: 'instruction',
      decoded: { s: false, cond, width: 0, itPattern: pattern },
      operands: [],
      cpu: this.cpu,
      sizeReq: 0,
      inIt: false,
      itBits: itInstruction(cond, pattern),
      wide: false,
      symbolic: false,
      ...itemBase(place, column),
    };
    this.add(item);
  }

  private constantOf(expr: BoundExpr): number {
    return Number(evaluate(expr, CONSTANT_CONTEXT));
  }

  private operandConstant(op: Operand | undefined): number | undefined {
    if (op?.kind !== 'imm') return undefined;
    const expr = op.expr as BoundExpr;
    return isPureConstant(expr) ? this.constantOf(expr) : undefined;
  }

  /** The operand with its expressions bound (the same object when nothing changes). */
  private bindOperand(op: Operand): Operand {
    switch (op.kind) {
      case 'imm':
      case 'literal': {
        const expr = this.bind(op.expr) as Expr;
        return expr === op.expr ? op : { ...op, expr };
      }
      case 'reg': {
        if (op.shift?.amount === undefined) return op;
        const amount = this.bind(op.shift.amount) as Expr;
        return amount === op.shift.amount ? op : { ...op, shift: { ...op.shift, amount } };
      }
      case 'mem': {
        let result: Operand = op;
        if (op.offset !== undefined) {
          const offset = this.bind(op.offset) as Expr;
          if (offset !== op.offset) result = { ...result, offset };
        }
        if (op.indexShift?.amount !== undefined) {
          const amount = this.bind(op.indexShift.amount) as Expr;
          if (amount !== op.indexShift.amount) result = { ...result, indexShift: { ...op.indexShift, amount } };
        }
        return result;
      }
      default:
        return op;
    }
  }

  /** Adds (or finds) a literal pool entry, deduplicated as GNU as does. */
  poolEntry(pool: Pool, expr: BoundExpr, line: number, column: number): { pool: Pool; index: number } {
    const key = this.literalKey(expr);
    let index = pool.keys.get(key);
    if (index === undefined) {
      index = pool.entries.length;
      pool.entries.push({ expr, line, column });
      pool.keys.set(key, index);
    }
    return { pool, index };
  }

  private literalKey(expr: BoundExpr): string {
    if (isPureConstant(expr)) return `c${this.constantOf(expr)}`;
    // One symbol plus a constant: the same entry whether the label was defined before or after.
    const symbol = this.symbolOf(expr);
    const addend = this.addendOf(expr);
    if (symbol !== undefined && addend !== undefined) return `s${symbol}:${addend}`;
    return `e${JSON.stringify(expr, (k, v: unknown) => (k === 'at' || k === 'ref' || k === 'equate' ? undefined : k === 'label' ? this.labelKey(v as LabelSymbol) : typeof v === 'bigint' ? String(v) : v))}`;
  }

  /** The key of the one symbol in `label`, `label + c`, `c + label`, `label - c`. */
  private symbolOf(expr: BoundExpr): string | undefined {
    if (expr.kind === 'label') return this.labelKey(expr.label);
    if (expr.kind === 'sym') return `L${expr.name}`;
    if (expr.kind === 'binary' && (expr.op === '+' || expr.op === '-')) {
      if (expr.right.kind === 'num') return this.symbolOf(expr.left);
      if (expr.op === '+' && expr.left.kind === 'num') return this.symbolOf(expr.right);
    }
    return undefined;
  }

  /** `label`, `label + c`, `label - c`: the constant c. */
  private addendOf(expr: BoundExpr): bigint | undefined {
    if (expr.kind === 'label' || expr.kind === 'sym') return 0n;
    if (expr.kind === 'binary' && (expr.op === '+' || expr.op === '-')) {
      if (expr.right.kind === 'num' && (expr.left.kind === 'label' || expr.left.kind === 'sym')) {
        return expr.op === '+' ? expr.right.value : -expr.right.value;
      }
      if (expr.op === '+' && expr.left.kind === 'num' && (expr.right.kind === 'label' || expr.right.kind === 'sym')) {
        return expr.left.value;
      }
    }
    return undefined;
  }

  private labelKey(label: LabelSymbol): string {
    if (!label.local) return `L${label.name}`;
    let id = this.localIds.get(label);
    if (id === undefined) {
      id = this.nextLocalId++;
      this.localIds.set(label, id);
    }
    return `#${id}`;
  }

  /**
   * End of input: an unbalanced stack, pools at the end of their sections. (An IT block left
   * open at the end is allowed, as GNU as only warns about it.)
   */
  finish(): void {
    if (this.options.checkStack) {
      const unbalanced = this.stack.finish();
      if (unbalanced !== undefined) {
        this.errors.add('stack-misaligned', unbalanced.detail, unbalanced.line || this.lastLine, unbalanced.column);
      }
    }
    for (const section of this.sections) this.closePool(section, this.lastLine, 'end of section');
  }

  /** Places the section's pending pool here (at `.ltorg`) or at the end of the section. */
  closePool(section: Section, line: number, text: string): void {
    this.frag++;
    const pool = section.pool;
    if (pool.entries.length === 0) return;
    const item = {
      kind: 'pool' as const,
      pool,
      line,
      column: 1,
      text,
      offset: 0,
      prevOffset: 0,
      size: 0,
      pass: -1,
    };
    pool.item = item;
    section.items.push(item);
    // A pool is word-aligned, which (as in GNU as) raises the section's alignment.
    if (section.alignPower < 2) section.alignPower = 2;
    section.pool = newPool();
    this.outputEstimate += 4 * pool.entries.length + 2;
  }
}

function containsDot(expr: BoundExpr): boolean {
  switch (expr.kind) {
    case 'dot':
      return true;
    case 'unary':
      return containsDot(expr.arg);
    case 'binary':
      return containsDot(expr.left) || containsDot(expr.right);
    default:
      return false;
  }
}

function replaceDot(expr: BoundExpr, label: LabelSymbol): BoundExpr {
  switch (expr.kind) {
    case 'dot':
      return { kind: 'label', name: '.', label, ...(expr.at === undefined ? {} : { at: expr.at }) };
    case 'unary':
      return { ...expr, arg: replaceDot(expr.arg, label) };
    case 'binary':
      return { ...expr, left: replaceDot(expr.left, label), right: replaceDot(expr.right, label) };
    default:
      return expr;
  }
}

const RELAX_FAMILY: ReadonlySet<string> = new Set([
  'b',
  'adr',
  'ldr',
  'str',
  'ldrb',
  'strb',
  'ldrh',
  'strh',
  'mov',
  'cmp',
  'add',
  'sub',
]);

/** Might GNU as relax this instruction (so that it ends a frag)? Errs on the side of yes. */
function mayRelax(item: InstructionItem): boolean {
  const name = item.decoded.spec?.name;
  if (item.cpu !== 'v7m' || item.sizeReq !== 0 || name === undefined || !RELAX_FAMILY.has(name)) return false;
  const last = item.operands[item.operands.length - 1];
  if (name === 'mov' || name === 'cmp' || name === 'add' || name === 'sub') return last?.kind === 'imm';
  if (name === 'b') return !(last?.kind === 'imm' && isConstant(last.expr as BoundExpr));
  return true;
}

function pure(e: Expr | undefined): boolean {
  return e === undefined || isPureConstant(e as BoundExpr);
}

function anySymbolic(operands: readonly Operand[]): boolean {
  for (const op of operands) if (operandIsSymbolic(op)) return true;
  return false;
}

function operandIsSymbolic(op: Operand): boolean {
  switch (op.kind) {
    case 'imm':
    case 'literal':
      return !pure(op.expr);
    case 'reg':
      return !pure(op.shift?.amount);
    case 'mem':
      return !pure(op.offset) || !pure(op.indexShift?.amount);
    default:
      return false;
  }
}

/** The fields every item starts with: where it stands in the source, not yet placed or sized. */
export function itemBase(place: Place, column: number) {
  return {
    line: place.line,
    column,
    text: place.text,
    offset: 0,
    prevOffset: 0,
    size: 0,
    pass: -1,
    ...(place.source === undefined ? {} : { source: place.source }),
  };
}
