// Labels, equates and numeric local labels, and binding expressions to what their names mean at
// the point they are read (GNU as semantics: an equate defined earlier is a constant; a forward
// reference is a symbol resolved later).
import { EncodeError } from './errors.ts';
import { fold } from './evaluate.ts';
import type { BoundExpr, Equate, ForwardRef, LabelSymbol } from './program.ts';
import type { Expr } from './types.ts';

export class SymbolTable {
  readonly labels = new Map<string, LabelSymbol>();
  /** The latest version of each equate (at the end of reading: the final one). */
  readonly equates = new Map<string, Equate>();
  readonly externals: ReadonlyMap<string, number>;
  /** Names `.type name, %function` marked (applied to labels defined before or after). */
  readonly functionNames = new Set<string>();
  readonly globalNames = new Set<string>();
  private readonly localCounts = new Map<number, number>();
  private readonly localLabels = new Map<string, LabelSymbol>();
  private nextEquateId = 0;
  private readonly forwardRefs = new Map<string, ForwardRef>();

  /** The shared record of uses of `name` before its definition. */
  private forwardRef(name: string): ForwardRef {
    let ref = this.forwardRefs.get(name);
    if (ref === undefined) {
      ref = { name };
      this.forwardRefs.set(name, ref);
    }
    return ref;
  }

  constructor(externals: Readonly<Record<string, number>> | undefined) {
    this.externals = new Map(Object.entries(externals ?? {}));
  }

  /** A named label's symbol, created on first mention. */
  label(name: string): LabelSymbol {
    let label = this.labels.get(name);
    if (label === undefined) {
      label = { kind: 'label', name, local: false, thumbFunction: false, global: false, line: 0, column: 0, frag: -1 };
      this.labels.set(name, label);
    }
    return label;
  }

  /** The symbol for the next definition of numeric local label `n` (`nf` refers to it). */
  private localInstance(n: number, instance: number): LabelSymbol {
    const key = `${n}:${instance}`;
    let label = this.localLabels.get(key);
    if (label === undefined) {
      label = {
        kind: 'label',
        name: `${n}`,
        local: true,
        thumbFunction: false,
        global: false,
        line: 0,
        column: 0,
        frag: -1,
      };
      this.localLabels.set(key, label);
    }
    return label;
  }

  /** Defines numeric local label `n` here and returns its symbol. */
  defineLocal(n: number): LabelSymbol {
    const instance = (this.localCounts.get(n) ?? 0) + 1;
    this.localCounts.set(n, instance);
    return this.localInstance(n, instance);
  }

  defineEquate(name: string, expr: BoundExpr, line: number): Equate {
    const equate: Equate = { kind: 'equate', id: this.nextEquateId++, name, expr, line };
    this.equates.set(name, equate);
    return equate;
  }

  /** Resolves names in `expr` as of this point in the source, folding constants. */
  bind(expr: Expr): BoundExpr {
    switch (expr.kind) {
      case 'num':
      case 'dot':
        return expr;
      case 'sym': {
        const equate = this.equates.get(expr.name);
        if (equate !== undefined) {
          if (equate.expr.kind === 'num') return { kind: 'num', value: equate.expr.value, at: expr.at };
          return { kind: 'equ', name: expr.name, equate, at: expr.at };
        }
        const label = this.labels.get(expr.name);
        if (label?.item !== undefined) return { kind: 'label', name: expr.name, label, at: expr.at };
        return { kind: 'sym', name: expr.name, ref: this.forwardRef(expr.name), at: expr.at };
      }
      case 'local': {
        const count = this.localCounts.get(expr.label) ?? 0;
        if (expr.dir === 'b') {
          if (count === 0) {
            throw new EncodeError(
              'unknown-label',
              `${expr.label}b: there is no local label ${expr.label}: before this line`,
              expr.at,
            );
          }
          return { kind: 'label', name: `${expr.label}b`, label: this.localInstance(expr.label, count), at: expr.at };
        }
        return { kind: 'label', name: `${expr.label}f`, label: this.localInstance(expr.label, count + 1), at: expr.at };
      }
      case 'unary': {
        const arg = this.bind(expr.arg);
        return fold({ kind: 'unary', op: expr.op, arg, at: expr.at });
      }
      case 'binary': {
        const left = this.bind(expr.left);
        const right = this.bind(expr.right);
        if (expr.op === '-' && left.kind === 'label' && right.kind === 'label' && sameFrag(left.label, right.label)) {
          // GNU as resolves the difference of two labels already placed in the same frag (no
          // instruction that may change size between them) when it reads it: a constant.
          return { kind: 'binary', op: '-', left, right, constant: true, at: expr.at };
        }
        return fold({ kind: 'binary', op: expr.op, left, right, at: expr.at });
      }
    }
  }
}

function sameFrag(a: LabelSymbol, b: LabelSymbol): boolean {
  return a.item !== undefined && b.item !== undefined && a.section === b.section && a.frag === b.frag;
}
