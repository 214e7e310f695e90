// A function's structured statements as basic blocks with explicit jumps, for back ends that
// generate code block by block (a Thumb code generator: one label per block, a branch per end).
//
// Loops become a header block (the target of the back edge: where a native back end checks its
// time budget), if/switch become branches, break/continue become jumps. try/catch/finally uses
// two straight-line markers: `tryEnter` installs a handler block (a throw while it is installed
// jumps there, the handler removed, the value in `catchVar`), `tryExit` removes the innermost one.
// A `finally` body is copied onto every way out of its try: the normal end, each break, continue
// or return that leaves it (`result` holds a return value while the copy runs), and the
// exceptional path, which ends in `rethrow`.

import type { IrFunction } from './ir-module.ts';
import type { IrClassDef, IrExpr, IrExprStmt, IrLet, IrLocalFunction, IrStmt } from './ir-nodes.ts';

type IrLinearStmt =
  | IrExprStmt
  | IrLet
  | IrLocalFunction
  | IrClassDef
  | { readonly kind: 'tryEnter'; readonly handler: number; readonly catchVar?: number; readonly loc: number }
  | { readonly kind: 'tryExit'; readonly loc: number }
  /** Keeps a return value while `finally` bodies run (see IrBlockEnd `return` with `result`). */
  | { readonly kind: 'result'; readonly value: IrExpr; readonly loc: number };

export type IrBlockEnd =
  | { readonly kind: 'goto'; readonly to: number }
  | {
      readonly kind: 'branch';
      readonly test: IrExpr;
      readonly then: number;
      readonly else: number;
      readonly loc: number;
    }
  | {
      readonly kind: 'switch';
      readonly value: IrExpr;
      /** Compared with === in order; the first equal one is taken. */
      readonly cases: readonly { readonly test: IrExpr; readonly to: number }[];
      readonly otherwise: number;
      readonly loc: number;
    }
  /** `value`, or with `result` the value kept by the last `result` statement. */
  | { readonly kind: 'return'; readonly value?: IrExpr; readonly result?: true; readonly loc: number }
  | { readonly kind: 'throw'; readonly value: IrExpr; readonly loc: number }
  /** The end of a `finally` run because of a throw: throw that value again. */
  | { readonly kind: 'rethrow'; readonly loc: number };

interface IrBasicBlock {
  readonly id: number;
  readonly body: IrLinearStmt[];
  end: IrBlockEnd;
  /** A loop header: the target of the loop's back edge. */
  readonly loop?: true;
}

export interface IrBlockGraph {
  /** blocks[0] is the entry. */
  readonly blocks: readonly IrBasicBlock[];
}

interface Frame {
  /** A try with a finally body (a try/catch frame has none). */
  readonly finalizer?: readonly IrStmt[];
  readonly loc: number;
}

interface Target {
  readonly label: number;
  readonly breakTo: number;
  readonly continueTo?: number;
  /** How many try frames were open where the target statement is. */
  readonly frames: number;
}

export function linearize(fn: IrFunction): IrBlockGraph {
  const builder = new GraphBuilder();
  builder.statements(fn.body);
  builder.finish();
  return { blocks: reachable(builder.blocks) };
}

/** The blocks reachable from the entry (jumps and installed handlers), numbered in order. */
function reachable(blocks: readonly IrBasicBlock[]): IrBasicBlock[] {
  const order: number[] = [];
  const seen = new Set<number>();
  const visit = (id: number) => {
    if (seen.has(id)) return;
    seen.add(id);
    order.push(id);
    const block = blocks[id]!;
    for (const s of block.body) if (s.kind === 'tryEnter') visit(s.handler);
    for (const next of successors(block.end)) visit(next);
  };
  visit(0);
  order.sort((a, b) => a - b);
  const renumber = new Map(order.map((old, id) => [old, id]));
  const to = (old: number) => renumber.get(old)!;
  return order.map((old, id) => {
    const block = blocks[old]!;
    const end = block.end;
    return {
      id,
      body: block.body.map((s) => (s.kind === 'tryEnter' ? { ...s, handler: to(s.handler) } : s)),
      end:
        end.kind === 'goto'
          ? { ...end, to: to(end.to) }
          : end.kind === 'branch'
            ? { ...end, then: to(end.then), else: to(end.else) }
            : end.kind === 'switch'
              ? { ...end, cases: end.cases.map((c) => ({ ...c, to: to(c.to) })), otherwise: to(end.otherwise) }
              : end,
      ...(block.loop ? { loop: true as const } : {}),
    };
  });
}

/** The blocks an end can continue to. */
export function successors(end: IrBlockEnd): number[] {
  switch (end.kind) {
    case 'goto':
      return [end.to];
    case 'branch':
      return [end.then, end.else];
    case 'switch':
      return [...end.cases.map((c) => c.to), end.otherwise];
    default:
      return [];
  }
}

class GraphBuilder {
  readonly blocks: IrBasicBlock[] = [];
  private current: IrBasicBlock;
  private readonly frames: Frame[] = [];
  private readonly targets: Target[] = [];

  constructor() {
    this.current = this.newBlock();
  }

  finish(): void {
    this.end({ kind: 'return', loc: -1 });
  }

  private newBlock(loop = false): IrBasicBlock {
    const block: IrBasicBlock = {
      id: this.blocks.length,
      body: [],
      end: { kind: 'return', loc: -1 },
      ...(loop ? { loop: true } : {}),
    };
    this.blocks.push(block);
    return block;
  }

  /** Ends the current block; what follows goes into a new (possibly unreachable) block. */
  private end(end: IrBlockEnd, next?: IrBasicBlock): void {
    this.current.end = end;
    this.current = next ?? this.newBlock();
  }

  private goto(to: IrBasicBlock): void {
    this.end({ kind: 'goto', to: to.id }, to);
  }

  statements(list: readonly IrStmt[]): void {
    for (const s of list) this.statement(s);
  }

  private statement(s: IrStmt): void {
    switch (s.kind) {
      case 'expr':
      case 'let':
      case 'localFunction':
      case 'class':
        this.current.body.push(s);
        return;
      case 'block':
        this.statements(s.body);
        return;
      case 'if': {
        const then = this.newBlock();
        const otherwise = s.else ? this.newBlock() : undefined;
        const after = this.newBlock();
        this.end({ kind: 'branch', test: s.test, then: then.id, else: (otherwise ?? after).id, loc: s.loc }, then);
        this.statements(s.then);
        this.jump(after);
        if (otherwise) {
          this.current = otherwise;
          this.statements(s.else!);
          this.jump(after);
        }
        this.current = after;
        return;
      }
      case 'loop': {
        if (s.init) this.statements(s.init);
        const header = this.newBlock(true);
        const body = this.newBlock();
        const after = this.newBlock();
        const update = s.loop === 'for' && s.update ? this.newBlock() : undefined;
        const test = s.loop === 'do' ? this.newBlock() : undefined;
        const continueTo = update ?? test ?? header;
        this.goto(header);
        if (s.loop === 'do') this.goto(body);
        else if (s.test) this.end({ kind: 'branch', test: s.test, then: body.id, else: after.id, loc: s.loc }, body);
        else this.goto(body);
        this.targets.push({ label: s.label, breakTo: after.id, continueTo: continueTo.id, frames: this.frames.length });
        this.statements(s.body);
        this.targets.pop();
        this.jump(continueTo);
        if (update) {
          this.current = update;
          this.current.body.push({ kind: 'expr', expr: s.update!, loc: s.loc });
          this.jump(header);
        }
        if (test) {
          this.current = test;
          this.end({ kind: 'branch', test: s.test!, then: header.id, else: after.id, loc: s.loc }, after);
        }
        this.current = after;
        return;
      }
      case 'switch': {
        const after = this.newBlock();
        const bodies = s.cases.map(() => this.newBlock());
        const otherwise = s.cases.findIndex((c) => c.test === undefined);
        const tests = s.cases.flatMap((c, i) => (c.test ? [{ test: c.test, to: bodies[i]!.id }] : []));
        this.end({
          kind: 'switch',
          value: s.value,
          cases: tests,
          otherwise: (otherwise >= 0 ? bodies[otherwise]! : after).id,
          loc: s.loc,
        });
        this.targets.push({ label: s.label, breakTo: after.id, frames: this.frames.length });
        s.cases.forEach((c, i) => {
          this.current = bodies[i]!;
          this.statements(c.body);
          this.jump(bodies[i + 1] ?? after); // falls through
        });
        this.targets.pop();
        this.current = after;
        return;
      }
      case 'labeled': {
        const after = this.newBlock();
        this.targets.push({ label: s.label, breakTo: after.id, frames: this.frames.length });
        this.statements(s.body);
        this.targets.pop();
        this.jump(after);
        this.current = after;
        return;
      }
      case 'break':
      case 'continue': {
        const target = [...this.targets].reverse().find((t) => t.label === s.label);
        if (!target) throw new Error(`no target for ${s.kind} #${s.label}`);
        this.leaveFrames(target.frames, s.loc);
        this.end({ kind: 'goto', to: s.kind === 'break' ? target.breakTo : target.continueTo! });
        return;
      }
      case 'return':
        // Inside a try the value is computed there (a throw is caught), then the frames are left.
        if (this.frames.length > 0 && s.value) {
          this.current.body.push({ kind: 'result', value: s.value, loc: s.loc });
          this.leaveFrames(0, s.loc);
          this.end({ kind: 'return', result: true, loc: s.loc });
        } else {
          this.leaveFrames(0, s.loc);
          this.end(s.value ? { kind: 'return', value: s.value, loc: s.loc } : { kind: 'return', loc: s.loc });
        }
        return;
      case 'throw':
        this.end({ kind: 'throw', value: s.value, loc: s.loc });
        return;
      case 'try':
        this.tryStatement(s);
        return;
    }
  }

  /** Ends the current block with a jump to `to` (unless it already ended). */
  private jump(to: IrBasicBlock): void {
    this.end({ kind: 'goto', to: to.id });
  }

  /** Leaves try frames down to `depth`: removes their handlers and runs their finally bodies, innermost first. */
  private leaveFrames(depth: number, loc: number): void {
    const saved = this.frames.splice(depth);
    for (let i = saved.length - 1; i >= 0; i--) {
      const frame = saved[i]!;
      this.current.body.push({ kind: 'tryExit', loc });
      if (frame.finalizer) this.statements(frame.finalizer);
      // A finally body that itself jumps out ends here; the rest of the way is unreachable.
    }
    this.frames.push(...saved);
  }

  private tryStatement(s: Extract<IrStmt, { kind: 'try' }>): void {
    const after = this.newBlock();
    const finallyHandler = s.finalizer ? this.newBlock() : undefined;
    const catchHandler = s.handler ? this.newBlock() : undefined;
    if (finallyHandler) {
      this.current.body.push({ kind: 'tryEnter', handler: finallyHandler.id, loc: s.loc });
      this.frames.push({ finalizer: s.finalizer!, loc: s.loc });
    }
    if (catchHandler) {
      this.current.body.push(
        s.catchVar === undefined
          ? { kind: 'tryEnter', handler: catchHandler.id, loc: s.loc }
          : { kind: 'tryEnter', handler: catchHandler.id, catchVar: s.catchVar, loc: s.loc },
      );
      this.frames.push({ loc: s.loc });
    }
    this.statements(s.body);
    if (catchHandler) {
      this.frames.pop();
      this.current.body.push({ kind: 'tryExit', loc: s.loc });
      const normal = this.current;
      this.current = catchHandler;
      this.statements(s.handler!);
      const fromHandler = this.current;
      // Both ways continue into the same place.
      const join = this.newBlock();
      normal.end = { kind: 'goto', to: join.id };
      fromHandler.end = { kind: 'goto', to: join.id };
      this.current = join;
    }
    if (finallyHandler) {
      this.frames.pop();
      this.current.body.push({ kind: 'tryExit', loc: s.loc });
      this.statements(s.finalizer!);
      this.jump(after);
      this.current = finallyHandler;
      this.statements(s.finalizer!);
      this.end({ kind: 'rethrow', loc: s.loc });
    } else this.jump(after);
    this.current = after;
  }
}
