// What the lowering decides, one decision at a time: value types, call classification, waits,
// captures and boxes, temporaries, classes, enums, positions, unsupported constructs.
import { describe, expect, it } from 'vitest';
import type { IrFunction, IrModule } from '../../src/ir/ir-module.ts';
import type { IrCall, IrExpr, IrStmt } from '../../src/ir/ir-nodes.ts';
import { typeText } from '../../src/ir/ir-types.ts';
import { forEachExpression, forEachStatement, statementExpressions } from '../../src/ir/ir-walk.ts';
import { compiler, lower } from './ir-harness.ts';

function fn(module: IrModule, name: string): IrFunction {
  const found = module.functions.find((f) => f.name === name);
  if (!found) throw new Error(`no function ${name}: ${module.functions.map((f) => f.name).join(', ')}`);
  return found;
}

function expressions(module: IrModule, body: readonly IrStmt[] = module.functions[0]!.body): IrExpr[] {
  const out: IrExpr[] = [];
  forEachStatement(body, (s) => {
    for (const e of statementExpressions(s)) forEachExpression(e, (x) => out.push(x));
  });
  return out;
}

function calls(module: IrModule, body?: readonly IrStmt[]): IrCall[] {
  return expressions(module, body).filter((e): e is IrCall => e.kind === 'call');
}

function variable(module: IrModule, name: string) {
  const found = module.variables.find((v) => v.name === name);
  if (!found) throw new Error(`no variable ${name}`);
  return found;
}

describe('value types', () => {
  it('gives each variable its static type class', () => {
    const m = lower(`
      class Pet { name = "x" }
      interface Point { x: number }
      enum Mode { A, B }
      let n = 1.5
      let s = "a"
      let b = true
      let list = [1, 2]
      let grid: string[][] = []
      let pet = new Pet()
      let p: Point = { x: 1 }
      let img = images.createImage("")
      let f = (x: number) => "y" + x
      let mode = Mode.B
      let button = Button.A
      let anything: any = 3
      let mixed = Math.random() > 0.5 ? 1 : "one"
      let buf = hex\`00\`
    `);
    const types = Object.fromEntries(m.globals.map((id) => [m.variables[id]!.name, typeText(m.variables[id]!.type)]));
    expect(types).toEqual({
      n: 'number',
      s: 'string',
      b: 'boolean',
      list: 'number[]',
      grid: 'string[][]',
      pet: 'Pet',
      p: 'object Point',
      img: 'lib Image',
      f: 'fn(number) -> string',
      mode: 'enum Mode',
      button: 'enum Button',
      anything: 'any',
      mixed: 'any',
      buf: 'lib Buffer',
    });
  });

  it('types expressions: arithmetic is a number, a join is a string, comparisons are booleans', () => {
    const m = lower('let a = 1\nlet t = "x" + a\nlet c = a < 2\nlet r = randint(1, 6)');
    const lets = m.functions[0]!.body.filter((s) => s.kind === 'let');
    expect(lets.map((s) => (s.kind === 'let' ? typeText(s.init!.type) : ''))).toEqual([
      'number',
      'string',
      'boolean',
      'number',
    ]);
    expect(expressions(m).find((e) => e.kind === 'binary' && e.op === 'concat')).toBeDefined();
  });
});

describe('calls', () => {
  it('classifies each call and carries the library annotations that matter', () => {
    const m = lower(`
      function helper() { return 1 }
      class A { m() { return 1 } v() { return 2 } }
      class B extends A { v() { return 3 } }
      interface Shape { area(): number }
      let a: A = new B()
      let shape: Shape = { area: () => 4 }
      let f = () => 5
      const g = () => 6
      let list = [1]
      helper()
      a.m()
      a.v()
      shape.area()
      f()
      g()
      list.push(2)
      basic.showNumber(Math.floor(2.5))
      let c = "abc".charAt(1)
    `);
    const summary = calls(m).map((c) => {
      const t = c.target;
      switch (t.kind) {
        case 'function':
          return `function ${m.functions[t.fn]!.name}`;
        case 'method':
          return `method ${t.name} ${t.virtual ? 'virtual' : 'direct'}`;
        case 'closure':
          return `closure${t.known === undefined ? '' : ' known'}`;
        case 'dynamic':
          return `dynamic ${typeof t.name === 'string' ? t.name : '[computed]'}`;
        case 'api':
          return `api ${t.api.name}${t.object ? ' on object' : ''}${t.api.helper ? ` helper=${t.api.helper}` : ''}${t.api.async ? ' async' : ''}`;
        default:
          return t.kind;
      }
    });
    expect(summary).toEqual([
      'function helper',
      'method m direct',
      'method v virtual',
      'dynamic area',
      'closure',
      'closure known',
      'api Array.push on object helper=arrayPush',
      'api basic.showNumber async',
      'api Math.floor',
      'api String.charAt on object helper=stringCharAt',
    ]);
  });

  it('marks calls that wait and the functions that can wait, following the call graph', () => {
    const m = lower(`
      function pure(n: number) { return n * 2 }
      function waits() { basic.pause(1) }
      function callsWaits() { waits() }
      function loops() { let t = 0; for (let i = 0; i < 3; i++) t += i; return t }
      callsWaits()
      pure(loops())
    `);
    expect(['pure', 'waits', 'callsWaits', 'loops'].map((n) => fn(m, n).canWait)).toEqual([false, true, true, true]);
    expect(calls(m).map((c) => c.waits)).toEqual([true, false, true]);
    const debug = lower('function pure(n: number) { return n * 2 }\npure(1)', { debug: true });
    expect(fn(debug, 'pure').canWait).toBe(true);
  });

  it('turns LED pictures passed to imageLiteral parameters into images', () => {
    const m = lower('basic.showLeds(`\n# . . . #\n. # . # .\n. . # . .\n. # . # .\n# . . . #\n`)');
    const image = calls(m)[0]!.args[0]!;
    expect(image).toMatchObject({ kind: 'image', rows: 5, columns: 5, pixels: '1000101010001000101010001' });
    expect(calls(m)[0]!.target).toMatchObject({ api: { imageLiteral: 1, async: true } });
  });

  it('lists every library member the program uses once, with its shim', () => {
    const m = lower('let a = images.arrowNumber(ArrowNames.East)\nlet b = images.arrowNumber(ArrowNames.West)');
    expect(m.apis).toEqual([expect.objectContaining({ name: 'images.arrowNumber', shim: 'TD_ID', kind: 'function' })]);
  });
});

describe('closures', () => {
  it('finds captured variables and boxes only those written after the capture is made', () => {
    const m = lower(`
      function setup(start: number) {
        let count = start
        let step = 2
        input.onButtonPressed(Button.A, () => { count += step })
        return () => count
      }
      setup(1)
    `);
    const closure = fn(m, 'setup$1');
    expect(closure.captures.map((v) => m.variables[v]!.name)).toEqual(['count', 'step']);
    expect(closure.parent).toBe(fn(m, 'setup').id);
    expect(variable(m, 'count')).toMatchObject({ captured: true, boxed: true });
    expect(variable(m, 'step')).toMatchObject({ captured: true, boxed: false });
    expect(variable(m, 'start')).toMatchObject({ captured: false, boxed: false });
  });

  it('passes captures through the closures in between, and captures this in arrows', () => {
    const m = lower(`
      class C {
        n = 1
        go() {
          let x = 1
          control.inBackground(() => { basic.forever(() => { x++; basic.showNumber(this.n) }) })
        }
      }
    `);
    expect(fn(m, 'C.go$1').captures.map((v) => m.variables[v]!.name)).toEqual(['x']);
    expect(fn(m, 'C.go$1$1').captures.map((v) => m.variables[v]!.name)).toEqual(['x']);
    expect([fn(m, 'C.go$1').capturesThis, fn(m, 'C.go$1$1').capturesThis]).toEqual([true, true]);
  });

  it('boxes a variable a hoisted function captures before it is declared', () => {
    const m = lower('function f() { function g() { return late } let late = 2; return g() }\nf()');
    expect(variable(m, 'late')).toMatchObject({ captured: true, boxed: true });
    expect(fn(m, 'f').body[0]).toMatchObject({ kind: 'localFunction', fn: fn(m, 'f.g').id });
  });

  it('leaves globals uncaptured', () => {
    const m = lower('let score = 0\ninput.onButtonPressed(Button.A, () => { score++ })');
    expect(variable(m, 'score')).toMatchObject({ storage: 'global', captured: false });
    expect(fn(m, 'main$1').captures).toEqual([]);
  });
});

describe('evaluation order', () => {
  it('stores computed targets of compound assignments in temporaries only when needed', () => {
    const m = lower(
      'let list = [1]\nlet i = 0\nfunction f() { return 1 }\nlist[i] += 1\nlist[f()] += 1\nlist[i] += f()',
    );
    const statements = m.functions[0]!.body.filter((s) => s.kind === 'expr');
    const shapes = statements.map((s) => (s.kind === 'expr' ? s.expr.kind : ''));
    expect(shapes).toEqual(['compound', 'sequence', 'sequence']);
    expect(m.variables.filter((v) => v.storage === 'temp')).toHaveLength(3);
  });

  it('lowers optional chains to a test of a temporary', () => {
    const m = lower('let list: number[] = null\nlet n = list?.length');
    const init = m.functions[0]!.body[1]!;
    expect(init).toMatchObject({ kind: 'let', init: { kind: 'cond', then: { kind: 'undefined' } } });
  });

  it('turns for-of into an index loop and keeps break/continue targets by label', () => {
    const m = lower(
      'let t = 0\nouter: for (const v of [1, 2]) { for (;;) { if (v > 1) continue outer; break } t += v }',
    );
    const loop = m.functions[0]!.body[1]!;
    expect(loop).toMatchObject({ kind: 'loop', loop: 'for', named: true });
    const jumps: IrStmt[] = [];
    forEachStatement([loop], (s) => {
      if (s.kind === 'break' || s.kind === 'continue') jumps.push(s);
    });
    expect(jumps.map((j) => (j.kind === 'break' || j.kind === 'continue' ? `${j.kind} ${j.label}` : ''))).toEqual([
      'continue 1',
      'break 2',
    ]);
  });
});

describe('classes and enums', () => {
  it('lays out fields base first and gives overrides their base slot', () => {
    const m = lower(`
      class A { a = 1; constructor(public p: number) {} f() {} g() {} }
      class B extends A { b = 2; g() {} h() {} }
      new B(1)
    `);
    const [a, b] = m.classes;
    expect(a!.layout).toEqual(['p', 'a']);
    expect(b!.layout).toEqual(['p', 'a', 'b']);
    expect(b!.vtable.map((s) => m.functions[s.fn]!.name)).toEqual(['A.f', 'B.g', 'B.h']);
    const ctor = m.functions[b!.ctor]!;
    expect(ctor).toMatchObject({ synthetic: true, kind: 'constructor', sync: true });
    expect(ctor.params).toHaveLength(1);
  });

  it('resolves enum members to constants and keeps their names', () => {
    const m = lower(
      'enum Speed { Slow = 2, Fast = 7 }\nlet s = Speed.Fast\nlet b = Button.B\nlet q = Speed["Slow"]\nlet n = Speed[s]',
    );
    expect(m.enums).toEqual([
      {
        id: 0,
        name: 'Speed',
        members: [
          { name: 'Slow', value: 2 },
          { name: 'Fast', value: 7 },
        ],
      },
    ]);
    const inits = m.functions[0]!.body.map((s) => (s.kind === 'let' ? s.init : undefined));
    expect(inits).toEqual([
      expect.objectContaining({ kind: 'number', value: 7, name: 'Speed.Fast' }),
      expect.objectContaining({ kind: 'number', value: 2, name: 'Button.B' }),
      expect.objectContaining({ kind: 'number', value: 2 }),
      // A lookup by value reads the enum object (its reverse mapping).
      expect.objectContaining({ kind: 'index' }),
    ]);
    expect(inits[3]).toMatchObject({ object: { kind: 'enumObject' } });
  });
});

describe('positions', () => {
  it('numbers statements in source order across files and locates each one', () => {
    const m = lower({
      'util.ts': 'function twice(n: number) {\n  return n * 2\n}',
      'main.ts': 'let a = twice(1)\nbasic.showNumber(a)',
    });
    expect(m.files).toEqual(['util.ts', 'main.ts']);
    expect(m.locations).toEqual([
      [0, 2, 3],
      [1, 1, 1],
      [1, 2, 1],
    ]);
    expect(fn(m, 'twice').body[0]!.loc).toBe(0);
    expect(m.functions[0]!.body.map((s) => s.loc)).toEqual([1, 2]);
    expect(fn(m, 'twice').position).toEqual([0, 1, 1]);
  });
});

describe('what the IR refuses', () => {
  it('reports constructs it cannot express, with code 9100 and the place', () => {
    const result = compiler.lower({ 'main.ts': 'let r = /ab+/\nlet o = { get x() { return 1 } }' });
    expect(result.module).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      [9100, 1, 9, 'A regular expression cannot be compiled for the micro:bit yet: write it another way.'],
      [
        9100,
        2,
        11,
        'A getter or setter in an object literal cannot be compiled for the micro:bit yet: write it another way.',
      ],
    ]);
  });

  it('refuses the rest of the list the README gives', () => {
    const refused = (source: string) =>
      compiler.lower({ 'main.ts': source }).diagnostics.map((d) => `${d.code} ${d.message.split(' cannot')[0]}`);
    expect(refused('let f = function again(n: number): number { return n > 0 ? again(n - 1) : 0 }')).toEqual([
      '9100 A function expression using its own name',
    ]);
    expect(refused('class A { #secret = 1 }')).toEqual(['9100 A private #name']);
    expect(refused('namespace N { export let x = 1 }\nlet n = N')).toEqual(['9100 A namespace used as a value']);
    expect(refused('function f() { class Inner {} }')).toEqual(['9100 A class declared inside a function or block']);
    expect(refused('let { a, ...others } = { a: 1, b: 2 }')).toEqual(['9100 A ...rest property in destructuring']);
    expect(refused('let C = class {}')).toEqual(['9100 A class expression']);
  });

  it('gives the compile errors and no IR for a program that does not compile', () => {
    const result = compiler.lower({ 'main.ts': 'let a: number = "x"' });
    expect(result.module).toBeUndefined();
    expect(result.diagnostics[0]!.message).toMatch(/not assignable/);
  });
});
