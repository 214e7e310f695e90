// Basic blocks from the structured IR: loops, branches, switch fall-through, jumps out of loops,
// try/catch/finally copies on every way out, and every golden case's functions.
import { describe, expect, it } from 'vitest';
import type { IrFunction, IrModule } from '../../src/ir/ir-module.ts';
import type { IrStmt } from '../../src/ir/ir-nodes.ts';
import { forEachStatement } from '../../src/ir/ir-walk.ts';
import { type IrBlockGraph, linearize, successors } from '../../src/ir/linearize.ts';
import { irCases, lower } from './ir-harness.ts';

function graphOf(source: string, name = 'main'): { module: IrModule; graph: IrBlockGraph } {
  const module = lower(source);
  const fn = module.functions.find((f) => f.name === name)!;
  return { module, graph: linearize(fn) };
}

/** One line per block: `b0: straight-line kinds -> end`. */
function shape(graph: IrBlockGraph): string[] {
  return graph.blocks.map((b) => {
    const body = b.body.map((s) => s.kind).join(' ');
    const e = b.end;
    const end =
      e.kind === 'goto'
        ? `goto b${e.to}`
        : e.kind === 'branch'
          ? `branch b${e.then} b${e.else}`
          : e.kind === 'switch'
            ? `switch ${e.cases.map((c) => `b${c.to}`).join(' ')} else b${e.otherwise}`
            : e.kind === 'return' && e.result
              ? 'return result'
              : e.kind;
    return `b${b.id}${b.loop ? ' loop' : ''}: ${body}${body ? ' ' : ''}-> ${end}`;
  });
}

function straightLine(list: readonly IrStmt[]): number {
  let n = 0;
  forEachStatement(list, (s) => {
    if (s.kind === 'expr' || s.kind === 'let' || s.kind === 'localFunction' || s.kind === 'class') n++;
  });
  return n;
}

describe('linearize', () => {
  it('makes a loop a header with a back edge; break and continue jump', () => {
    const { graph } = graphOf(
      'let n = 0\nwhile (n < 10) {\n  n++\n  if (n == 5) break\n  if (n == 2) continue\n  n += 0\n}\nn = 1',
    );
    expect(shape(graph)).toEqual([
      'b0: let -> goto b1',
      'b1 loop: -> branch b2 b3',
      'b2: expr -> branch b4 b5',
      'b3: expr -> return',
      'b4: -> goto b3',
      'b5: -> branch b6 b7',
      'b6: -> goto b1',
      'b7: expr -> goto b1',
    ]);
  });

  it('runs a for loop update on continue and tests do-while loops at the end', () => {
    const { graph } = graphOf(
      'for (let i = 0; i < 3; i++) { if (i == 1) continue }\nlet k = 0\ndo { k++ } while (k < 3)',
    );
    expect(shape(graph)).toEqual([
      'b0: let -> goto b1',
      'b1 loop: -> branch b2 b3',
      'b2: -> branch b5 b6',
      'b3: let -> goto b7',
      'b4: expr -> goto b1',
      'b5: -> goto b4',
      'b6: -> goto b4',
      'b7 loop: -> goto b8',
      'b8: expr -> goto b10',
      'b9: -> return',
      'b10: -> branch b7 b9',
    ]);
  });

  it('falls through switch cases', () => {
    const { graph } = graphOf('let n = 1\nswitch (n) {\n  case 1: n = 2\n  case 2: n = 3; break\n  default: n = 4\n}');
    expect(shape(graph)).toEqual([
      'b0: let -> switch b2 b3 else b4',
      'b1: -> return',
      'b2: expr -> goto b3',
      'b3: expr -> goto b1',
      'b4: expr -> goto b1',
    ]);
  });

  it('copies finally onto every way out of a try, and keeps a return value while it runs', () => {
    const { graph } = graphOf(
      'function f(n: number): number {\n  try {\n    if (n > 1) return n * 2\n    serial.writeNumber(n)\n  } catch (e) {\n    serial.writeLine("x")\n  } finally {\n    serial.writeLine("f")\n  }\n  return 0\n}\nf(1)',
      'f',
    );
    expect(shape(graph)).toEqual([
      'b0: tryEnter tryEnter -> branch b4 b5',
      'b1: -> return',
      'b2: expr -> rethrow',
      'b3: expr -> goto b6',
      'b4: result tryExit tryExit expr -> return result',
      'b5: expr tryExit -> goto b6',
      'b6: tryExit expr -> goto b1',
    ]);
    const enters = graph.blocks[0]!.body;
    expect(enters.map((s) => (s.kind === 'tryEnter' ? s.handler : -1))).toEqual([2, 3]);
    expect(enters[1]).toHaveProperty('catchVar');
  });

  it('gives every function of the golden cases a well-formed graph with all its statements', () => {
    for (const golden of irCases()) {
      const module = lower(golden.input);
      for (const fn of module.functions) {
        const graph = linearize(fn);
        const ids = graph.blocks.map((b) => b.id);
        expect(ids).toEqual(ids.map((_, i) => i));
        for (const block of graph.blocks) {
          for (const next of successors(block.end)) expect(next).toBeLessThan(graph.blocks.length);
        }
        if (!hasTry(fn)) {
          const count = graph.blocks.reduce((n, b) => n + b.body.length, 0);
          // Each for loop's update becomes a statement of its own block.
          expect(count, `${golden.name} ${fn.name}`).toBe(straightLine(fn.body) + updates(fn));
        }
      }
    }
  });
});

function hasTry(fn: IrFunction): boolean {
  let found = false;
  forEachStatement(fn.body, (s) => {
    if (s.kind === 'try') found = true;
  });
  return found;
}

function updates(fn: IrFunction): number {
  let n = 0;
  forEachStatement(fn.body, (s) => {
    if (s.kind === 'loop' && s.update) n++;
  });
  return n;
}
