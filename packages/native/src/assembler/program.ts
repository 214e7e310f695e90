// The assembler's internal program: sections of items (labels, instructions, data, alignment,
// literal pools) that the layout passes place and encode.
import type { Encoded } from './thumb/fields.ts';
import type { DecodedMnemonic } from './thumb/instructions.ts';
import type { BinaryOp, Cpu, Operand, SourceRef } from './types.ts';

/** A label's place: the section and item it is defined at. */
export interface LabelSymbol {
  readonly kind: 'label';
  readonly name: string;
  /** Numeric local labels (`1:`) are not listed in the result's symbols. */
  readonly local: boolean;
  section?: Section;
  item?: LabelItem;
  /**
   * Which run of fixed-size items the label is in: GNU as starts a new "frag" after anything
   * that may change size (relaxable instructions, alignment, pools, a section switch).
   */
  frag: number;
  thumbFunction: boolean;
  global: boolean;
  line: number;
  column: number;
}

/** A `.equ`/`.set` definition: each redefinition is a new version. */
export interface Equate {
  readonly kind: 'equate';
  readonly id: number;
  readonly name: string;
  readonly expr: BoundExpr;
  readonly line: number;
}

/** A name used before its definition; every use shares one, resolved once when layout starts. */
export interface ForwardRef {
  readonly name: string;
  /** Undefined until resolved; null when the name is not defined anywhere. */
  target?: LabelSymbol | Equate | number | null;
}

/**
 * Expressions after binding (in source order): names resolved to the label or equate version
 * they mean at that point, constant parts folded. Unresolved names stay `sym` (forward
 * references, resolved when evaluated). Encoders see these through the public `Expr` type.
 */
export type BoundExpr =
  | { readonly kind: 'num'; readonly value: bigint; readonly at?: number }
  | { readonly kind: 'sym'; readonly name: string; readonly ref?: ForwardRef; readonly at?: number }
  | { readonly kind: 'label'; readonly name: string; readonly label: LabelSymbol; readonly at?: number }
  | { readonly kind: 'equ'; readonly name: string; readonly equate: Equate; readonly at?: number }
  | { readonly kind: 'dot'; readonly at?: number }
  | { readonly kind: 'unary'; readonly op: '-' | '~' | '!' | '+'; readonly arg: BoundExpr; readonly at?: number }
  | {
      readonly kind: 'binary';
      readonly op: BinaryOp;
      readonly left: BoundExpr;
      readonly right: BoundExpr;
      /** A difference of labels GNU as treats as a constant (see SymbolTable.bind). */
      readonly constant?: boolean;
      readonly at?: number;
    };

interface ItemBase {
  readonly line: number;
  readonly column: number;
  readonly text: string;
  readonly source?: SourceRef;
  /** Offset in the section in this layout pass, and in the previous one. */
  offset: number;
  prevOffset: number;
  size: number;
  /** The layout pass that last placed the item (-1: not yet). */
  pass: number;
}

interface LabelItem extends ItemBase {
  readonly kind: 'label';
  readonly label: LabelSymbol;
}

export interface InstructionItem extends ItemBase {
  readonly kind: 'instruction';
  readonly decoded: DecodedMnemonic;
  readonly operands: readonly Operand[];
  readonly cpu: Cpu;
  readonly sizeReq: 0 | 2 | 4;
  readonly inIt: boolean;
  /** For IT: the encoded halfword, decided when read. */
  readonly itBits?: number;
  /** Relaxation widened it. */
  wide: boolean;
  /** Its size cannot change between layout passes (no relaxation, no symbols): not re-encoded. */
  fixed?: boolean;
  /** An operand refers to a label, an equate or `.` (its value may change between passes). */
  readonly symbolic: boolean;
  encoded?: Encoded;
  /** Its encoder read no address (its own, a target's or a pool's): `encoded` holds anywhere. */
  placeFree?: boolean;
  /** `ldr rX, =value` that loads from a pool: the pool and entry index. */
  literal?: { readonly pool: Pool; readonly index: number };
  /** Set for an address-free instruction: where the layout leaves its bits for the next read. */
  template?: InstructionTemplate;
}

/**
 * What reading an instruction without symbols, literals or an IT block decided, kept with its
 * parsed statement (reader.ts): the same text reads the same, and once laid out, encodes the
 * same anywhere (`encoded`, set by the layout when the encoder read no address).
 */
export interface InstructionTemplate {
  readonly mnemonic: string;
  readonly cpu: Cpu;
  readonly decoded: DecodedMnemonic;
  readonly operands: readonly Operand[];
  readonly sizeReq: 0 | 2 | 4;
  /** It ends a frag (reader.ts mayRelax). */
  readonly relax: boolean;
  encoded?: Encoded;
}

interface DataItem extends ItemBase {
  readonly kind: 'data';
  /** Bytes per value. */
  readonly width: 1 | 2 | 4 | 8;
  readonly values: readonly BoundExpr[];
  /** `.inst`: 32-bit values are stored as two halfwords, high first. */
  readonly instruction?: boolean;
}

interface BytesItem extends ItemBase {
  readonly kind: 'bytes';
  readonly bytes: Uint8Array;
}

interface AlignItem extends ItemBase {
  readonly kind: 'align';
  readonly boundary: number;
  /** The core when the directive was read: v7m pads code with its NOPs (BF00, F3AF 8000). */
  readonly cpu: Cpu;
  /** An explicit fill byte (else code sections pad with NOPs, data with zeros). */
  readonly fill?: number;
  readonly max?: number;
}

interface PoolItem extends ItemBase {
  readonly kind: 'pool';
  readonly pool: Pool;
}

export type Item = LabelItem | InstructionItem | DataItem | BytesItem | AlignItem | PoolItem;

interface PoolEntry {
  readonly expr: BoundExpr;
  readonly line: number;
  readonly column: number;
}

export interface Pool {
  readonly entries: PoolEntry[];
  readonly keys: Map<string, number>;
  /** Where the pool is placed (a `.ltorg` or the end of its section). */
  item?: PoolItem;
}

export interface Section {
  readonly name: string;
  /** Code sections pad alignment with NOPs and end on an instruction boundary. */
  readonly code: boolean;
  readonly items: Item[];
  /** log2 of the largest alignment asked for in the section. */
  alignPower: number;
  /** The pool collecting `ldr =` entries until the next `.ltorg`. */
  pool: Pool;
  /** The cpu when the section was last used (for the NOP used in padding). */
  cpu: Cpu;
  address: number;
  prevAddress: number;
  size: number;
}

export function newPool(): Pool {
  return { entries: [], keys: new Map() };
}
