// Layout: places every item, relaxes instructions whose narrow form does not fit (branches,
// literal loads, adr, immediates on v7m) the way GNU as does, then encodes and emits bytes.
//
// Relaxation starts with every relaxable instruction narrow and only ever widens one (a pass
// widens those that do not fit with the addresses it sees; forward labels are estimated from the
// previous pass plus the growth so far, as GNU as does), so it ends. After MAX_PASSES passes the
// remaining relaxable instructions are all made wide, which always terminates.
import type { ErrorSink } from './errors.ts';
import { EncodeError, StopAssembly } from './errors.ts';
import { evaluate, isConstant, singleSymbol, type EvalContext } from './evaluate.ts';
import type { BoundExpr, Equate, ForwardRef, InstructionItem, Item, LabelSymbol, Section } from './program.ts';
import type { SymbolTable } from './symbols.ts';
import { GROW, type EncodeEnv, type Ins, type Target } from './thumb/context.ts';
import type { Encoded } from './thumb/fields.ts';
import type { AsmSection, Cpu, Expr, ListingEntry } from './types.ts';

const MAX_PASSES = 30;

export interface LayoutOutput {
  readonly image: Uint8Array;
  readonly sections: AsmSection[];
  readonly listing: ListingEntry[];
}

function alignUp(value: number, boundary: number): number {
  return Math.ceil(value / boundary) * boundary;
}

/** Writes `count` bytes of code padding at `offset`: a zero byte to reach a halfword, then NOPs. */
function codeFill(out: Uint8Array, offset: number, count: number, cpu: Cpu): void {
  let at = offset;
  let left = count;
  if ((at & 1) !== 0 && left > 0) {
    out[at++] = 0;
    left--;
  }
  if (cpu === 'v7m') {
    if ((left & 2) !== 0 && left >= 2) {
      out[at++] = 0x00;
      out[at++] = 0xbf;
      left -= 2;
    }
    while (left >= 4) {
      out.set([0xaf, 0xf3, 0x00, 0x80], at);
      at += 4;
      left -= 4;
    }
  }
  while (left >= 2) {
    if (cpu === 'v7m') out.set([0x00, 0xbf], at);
    else out.set([0xc0, 0x46], at);
    at += 2;
    left -= 2;
  }
  if (left === 1) out[at] = 0;
}

export class Layout implements EvalContext {
  private pass = 0;
  private assumeFits = true;
  private final = false;
  private grew = false;
  private section!: Section;
  private item!: Item;
  private stretch = 0;
  private readonly equateCache = new Map<Equate, bigint>();
  private readonly visiting = new Set<Equate>();
  private buffers = new Map<Section, Uint8Array>();
  dot = 0;

  constructor(
    private readonly sections: readonly Section[],
    private origin: number,
    private readonly symbols: SymbolTable,
    private readonly errors: ErrorSink,
  ) {}

  run(wantListing: boolean): LayoutOutput {
    this.runPass();
    this.assumeFits = false;
    let passes = 0;
    for (;;) {
      this.grew = false;
      this.runPass();
      if (!this.grew) break;
      if (++passes >= MAX_PASSES) this.widenAllRelaxable();
    }
    this.final = true;
    this.buffers = new Map(this.sections.map((s) => [s, new Uint8Array(0)]));
    this.runPass();
    return this.output(wantListing);
  }

  /**
   * The image again from another origin, after `run`: one more final pass with the sizes found
   * (no relaxation; where the move keeps every alignment, only items that read an address are
   * placed again, so it costs a fraction of a second assembly). A back end compares the two
   * images to find the position-dependent words. Sizes match when `origin` keeps every
   * alignment, e.g. a multiple of 0x10000.
   */
  imageAt(origin: number): Uint8Array {
    const shift = origin - this.origin;
    this.origin = origin;
    if (!this.keepsAlignment(shift)) {
      this.buffers = new Map(this.sections.map((s) => [s, new Uint8Array(0)]));
      this.runPass();
      return this.output(false).image;
    }
    // Same sizes and padding at the new origin: the last pass's bytes, with only what read an
    // address (data, literal pools, instructions whose encoder looked) written again.
    this.buffers = new Map(this.sections.map((s) => [s, this.buffers.get(s)!.slice()]));
    let address = origin;
    for (const section of this.sections) {
      this.section = section;
      section.prevAddress = section.address;
      section.address = alignUp(address, 1 << section.alignPower);
      // Every item's offset is final: addresses are exact, forward ones too.
      for (const item of section.items) {
        item.prevOffset = item.offset;
        item.pass = this.pass;
      }
      this.stretch = 0;
      for (const item of section.items) {
        if (item.kind === 'label' || item.kind === 'bytes' || item.kind === 'align') continue;
        if (item.kind === 'instruction') {
          if (item.itBits !== undefined) continue;
          if (item.fixed === true && item.placeFree === true && item.encoded !== undefined) continue;
        }
        this.item = item;
        if (this.equateCache.size > 0) this.equateCache.clear();
        this.place(item, section.address + item.offset);
      }
      address = section.address + section.size;
    }
    this.pass++;
    return this.output(false).image;
  }

  /** Whether moving every section by `shift` bytes keeps each alignment (so every size). */
  private keepsAlignment(shift: number): boolean {
    for (const section of this.sections) {
      if (shift % (1 << section.alignPower) !== 0) return false;
      for (const item of section.items) if (item.kind === 'align' && shift % item.boundary !== 0) return false;
    }
    return true;
  }

  private widenAllRelaxable(): void {
    for (const section of this.sections) {
      for (const item of section.items) if (item.kind === 'instruction' && item.sizeReq === 0) item.wide = true;
    }
  }

  private runPass(): void {
    let address = this.origin;
    for (const section of this.sections) {
      this.section = section;
      section.prevAddress = section.address;
      section.address = alignUp(address, 1 << section.alignPower);
      if (this.final) {
        // Sizes are final: allocate the section's bytes up front.
        this.buffers.set(section, new Uint8Array(section.size));
      }
      let offset = 0;
      for (const item of section.items) {
        this.item = item;
        if (this.equateCache.size > 0) this.equateCache.clear();
        const old = item.offset;
        item.prevOffset = old;
        item.offset = offset;
        item.pass = this.pass;
        this.stretch = offset - old;
        const size = this.place(item, section.address + offset);
        item.size = size;
        offset += size;
      }
      if (section.code) {
        const end = alignUp(offset, Math.min(4, 1 << section.alignPower));
        if (this.final && end > offset) codeFill(this.buffers.get(section)!, offset, end - offset, section.cpu);
        offset = end;
      }
      section.size = offset;
      address = section.address + offset;
    }
    this.pass++;
  }

  /** Sizes (and in the final pass encodes and writes) one item at `address`. */
  private place(item: Item, address: number): number {
    this.dot = address;
    switch (item.kind) {
      case 'label':
        return 0;
      case 'instruction':
        return this.placeInstruction(item, address);
      case 'data': {
        const size = item.width * item.values.length;
        if (this.final) this.writeData(item, address);
        return size;
      }
      case 'bytes':
        if (this.final) this.buffer().set(item.bytes, item.offset);
        return item.bytes.length;
      case 'align': {
        let pad = (item.boundary - (address % item.boundary)) % item.boundary;
        if (item.max !== undefined && pad > item.max) pad = 0;
        if (this.final && pad > 0) {
          if (item.fill !== undefined) this.buffer().fill(item.fill, item.offset, item.offset + pad);
          else if (this.section.code) codeFill(this.buffer(), item.offset, pad, item.cpu);
        }
        return pad;
      }
      case 'pool': {
        const pad = (4 - (address % 4)) % 4;
        if (this.final) {
          const out = this.buffer();
          item.pool.entries.forEach((entry, i) => {
            const at = item.offset + pad + 4 * i;
            this.dot = address + pad + 4 * i;
            try {
              const value = this.dataValueOf(entry.expr);
              checkWidth(value, 4, entry.expr.at);
              writeLittle(out, at, value, 4);
            } catch (error) {
              this.report(error, entry.line, entry.column);
            }
          });
        }
        return pad + 4 * item.pool.entries.length;
      }
    }
  }

  private buffer(): Uint8Array {
    return this.buffers.get(this.section)!;
  }

  private writeData(item: Item & { kind: 'data' }, address: number): void {
    const out = this.buffer();
    item.values.forEach((expr, i) => {
      this.dot = address + i * item.width;
      try {
        const value = item.instruction === true ? this.valueOf(expr) : this.dataValueOf(expr);
        checkWidth(value, item.width, expr.at);
        const at = item.offset + i * item.width;
        if (item.instruction === true && item.width === 4) {
          writeLittle(out, at, (value >>> 16) & 0xffff, 2);
          writeLittle(out, at + 2, value & 0xffff, 2);
        } else if (item.width === 8) {
          const big = BigInt.asUintN(64, evaluate(expr, this));
          for (let b = 0; b < 8; b++) out[at + b] = Number((big >> BigInt(8 * b)) & 0xffn);
        } else writeLittle(out, at, value, item.width);
      } catch (error) {
        this.report(error, item.line, expr.at ?? item.column);
      }
    });
  }

  private placeInstruction(item: InstructionItem, address: number): number {
    if (item.itBits !== undefined) {
      if (this.final) writeLittle(this.buffer(), item.offset, item.itBits, 2);
      return 2;
    }
    // Between the first and the final pass only instructions whose size may change are encoded.
    if (item.fixed === true && !this.final) return item.size;
    // A fixed instruction whose encoder never looked at where it is: the same bits at any address.
    if (item.fixed === true && item.placeFree === true && item.encoded !== undefined) {
      this.write(item.encoded, item.offset);
      return item.encoded.size;
    }
    let encoded: Encoded | typeof GROW;
    try {
      this.env.placed = false;
      encoded = this.encode(item, address);
      if (encoded === GROW) {
        if (this.final) throw new EncodeError('internal', 'layout did not settle', item.column);
        item.wide = true;
        this.grew = true;
        encoded = this.encode(item, address);
        if (encoded === GROW) throw new EncodeError('internal', 'relaxation failed', item.column);
      }
    } catch (error) {
      if (this.final) this.report(error, item.line, item.column);
      else if (!(error instanceof EncodeError)) throw error;
      return item.encoded?.size ?? (item.wide || item.sizeReq === 4 || item.decoded.spec?.m0Wide === true ? 4 : 2);
    }
    item.encoded = encoded;
    if (this.assumeFits) {
      item.fixed = !this.env.relaxing && !item.symbolic;
      item.placeFree = !this.env.placed && item.literal === undefined;
      // The next read of the same text starts with these bits (reader.ts templates).
      if (item.template !== undefined && item.fixed && item.placeFree && !item.wide) item.template.encoded = encoded;
    }
    this.write(encoded, item.offset);
    return encoded.size;
  }

  /** In the final pass: the instruction's bits into the section's buffer. */
  private write(encoded: Encoded, offset: number): void {
    if (!this.final) return;
    const out = this.buffer();
    if (encoded.size === 2) writeLittle(out, offset, encoded.bits, 2);
    else {
      writeLittle(out, offset, encoded.bits >>> 16, 2);
      writeLittle(out, offset + 2, encoded.bits & 0xffff, 2);
    }
  }

  private encode(item: InstructionItem, address: number): Encoded | typeof GROW {
    if ((address & 1) !== 0) {
      throw new EncodeError(
        'bad-operands',
        'this instruction is at an odd address: add .balign 2 after the data before it',
        item.column,
      );
    }
    const spec = item.decoded.spec!;
    const env = this.env;
    env.item = item;
    env.cpu = item.cpu;
    env.address = address;
    env.inIt = item.inIt;
    env.wide = item.wide;
    env.estimating = this.assumeFits;
    env.pooled = item.literal !== undefined;
    env.relaxing = false;
    const ins = this.ins;
    ins.name = spec.name;
    ins.s = item.decoded.s;
    ins.cond = item.decoded.cond;
    ins.sizeReq = item.sizeReq;
    ins.ops = item.operands;
    ins.at = item.column;
    return spec.handler(ins);
  }

  /** One environment and one instruction record, updated for each instruction (encoding is hot). */
  private readonly env = new LayoutEnv(this);
  private readonly ins: { -readonly [K in keyof Ins]: Ins[K] } = {
    name: '',
    s: false,
    cond: 14,
    sizeReq: 0,
    ops: [],
    at: 1,
    env: this.env,
  };

  valueOf(expr: BoundExpr): number {
    // The common cases without BigInt arithmetic.
    if (expr.kind === 'num') return Number(expr.value);
    if (expr.kind === 'label') return this.labelAddress(expr.label, expr.at);
    return Number(evaluate(expr, this));
  }

  /** The value for data: a Thumb function's address has bit 0 set (as the linker does). */
  dataValueOf(expr: BoundExpr): number {
    const value = this.valueOf(expr);
    const target = singleSymbol(expr, (name, ref) => this.resolve(name, ref));
    if (target !== undefined && 'label' in target && this.isThumbFunction(target.label)) return value | 1;
    return value;
  }

  private isThumbFunction(label: LabelSymbol): boolean {
    return label.thumbFunction || (!label.local && this.symbols.functionNames.has(label.name));
  }

  targetOf(expr: BoundExpr): Target {
    const address = this.valueOf(expr);
    const target = singleSymbol(expr, (name, ref) => this.resolve(name, ref));
    const label = target !== undefined && 'label' in target ? target.label : undefined;
    return {
      address,
      constant: isConstant(expr),
      sameSection: label?.section === this.section && label.item !== undefined,
      thumbFunction: label !== undefined && this.isThumbFunction(label),
    };
  }

  literalAddress(item: InstructionItem): number {
    const literal = item.literal;
    const poolItem = literal?.pool.item;
    if (literal === undefined || poolItem === undefined) {
      throw new EncodeError('internal', 'literal pool entry missing', item.column);
    }
    return alignUp(this.itemAddress(poolItem, this.section), 4) + 4 * literal.index;
  }

  /** The current estimate of where an item is (exact once placed in this pass). */
  private itemAddress(item: Item, section: Section): number {
    if (item.pass === this.pass) return section.address + item.offset;
    if (section === this.section) return section.address + item.offset + this.stretch;
    return section.address + item.offset;
  }

  labelAddress(label: LabelSymbol, at: number | undefined): number {
    const item = label.item;
    if (item === undefined || label.section === undefined) {
      throw new EncodeError(
        'unknown-label',
        label.local
          ? `${label.name}f: there is no local label ${label.name.replace(/[bf]$/, '')}: after this line`
          : `'${label.name}' is not defined`,
        at,
      );
    }
    return this.itemAddress(item, label.section);
  }

  resolve(name: string, ref?: ForwardRef): LabelSymbol | Equate | number | undefined {
    if (ref !== undefined) {
      // Definitions are complete once layout starts, so each name is looked up once.
      if (ref.target === undefined) ref.target = this.lookup(name) ?? null;
      return ref.target ?? undefined;
    }
    return this.lookup(name);
  }

  private lookup(name: string): LabelSymbol | Equate | number | undefined {
    const label = this.symbols.labels.get(name);
    if (label?.item !== undefined) return label;
    const equate = this.symbols.equates.get(name);
    if (equate !== undefined) return equate;
    return this.symbols.externals.get(name);
  }

  equateValue(equate: Equate, at: number | undefined): bigint {
    const cached = this.equateCache.get(equate);
    if (cached !== undefined) return cached;
    if (this.visiting.has(equate)) {
      throw new EncodeError('bad-operands', `'${equate.name}' is defined in terms of itself`, at);
    }
    if (this.visiting.size >= 500) {
      throw new EncodeError('bad-operands', `'${equate.name}' is defined through more than 500 other names`, at);
    }
    this.visiting.add(equate);
    try {
      const value = evaluate(equate.expr, this);
      this.equateCache.set(equate, value);
      return value;
    } finally {
      this.visiting.delete(equate);
    }
  }

  private report(error: unknown, line: number, column: number): void {
    if (error instanceof StopAssembly) throw error;
    if (error instanceof EncodeError) {
      const item = this.item;
      this.errors.add(error.code, error.detail, line, error.at ?? column, item.source);
      return;
    }
    throw error;
  }

  private output(wantListing: boolean): LayoutOutput {
    const last = this.sections[this.sections.length - 1]!;
    const end = Math.max(this.origin, last.address + last.size);
    const image = new Uint8Array(end - this.origin);
    const sections: AsmSection[] = [];
    const listing: ListingEntry[] = [];
    for (const section of this.sections) {
      const bytes = this.buffers.get(section)!;
      image.set(bytes, section.address - this.origin);
      if (section.items.length > 0 || section.name === '.text') {
        sections.push({ name: section.name, address: section.address, size: section.size });
      }
      if (!wantListing) continue;
      for (const item of section.items) {
        if (item.kind === 'label' && item.text === '') continue;
        listing.push({
          line: item.line,
          address: section.address + item.offset,
          bytes: bytes.subarray(item.offset, item.offset + item.size),
          text: item.kind === 'pool' ? `${item.text} (literal pool)` : item.text,
          ...(item.source === undefined ? {} : { source: item.source }),
        });
      }
    }
    return { image, sections, listing };
  }
}

function checkWidth(value: number, width: number, at: number | undefined): void {
  const bits = width * 8;
  const min = width >= 4 ? -0x80000000 : -(2 ** (bits - 1));
  const max = width >= 4 ? 0xffffffff : 2 ** bits - 1;
  if (width === 8) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new EncodeError(
      'out-of-range',
      `${value} does not fit in ${width} byte${width === 1 ? '' : 's'} (${min} to ${max})`,
      at,
    );
  }
}

function writeLittle(out: Uint8Array, at: number, value: number, width: number): void {
  for (let b = 0; b < width; b++) out[at + b] = (value >>> (8 * b)) & 0xff;
}

/** What encoders see of the layout for the instruction being encoded. */
class LayoutEnv implements EncodeEnv {
  item!: InstructionItem;
  cpu: Cpu = 'v6m';
  private at = 0;
  /** The encoder read the instruction's address or a target's (its bits may depend on them). */
  placed = false;
  inIt = false;
  wide = false;
  estimating = false;
  pooled = false;
  /** The encoder asked whether to assume its narrow form fits: its size may change. */
  relaxing = false;

  get address(): number {
    this.placed = true;
    return this.at;
  }

  set address(value: number) {
    this.at = value;
  }

  get assumeFits(): boolean {
    this.relaxing = true;
    return this.estimating;
  }

  constructor(private readonly layout: Layout) {}

  value(expr: Expr): number {
    return this.layout.valueOf(expr as BoundExpr);
  }

  dataValue(expr: Expr): number {
    return this.layout.dataValueOf(expr as BoundExpr);
  }

  isConstant(expr: Expr): boolean {
    return isConstant(expr as BoundExpr);
  }

  target(expr: Expr): Target {
    this.placed = true;
    return this.layout.targetOf(expr as BoundExpr);
  }

  literalAddress(): number {
    this.placed = true;
    return this.layout.literalAddress(this.item);
  }
}
