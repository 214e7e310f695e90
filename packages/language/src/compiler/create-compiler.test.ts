import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createCompiler } from './create-compiler.ts';
import { formatDiagnostic } from './diagnostics.ts';
import { compileOk, emitters, fakeBoard, irEmits, runWithStub, testCompiler } from './test-harness.ts';

describe('diagnostics', () => {
  it('reports type errors as file:line:col message, in order', () => {
    const result = testCompiler().compile({
      'main.ts': 'let n: number = "five"\nboard.pause("x")\nboard.fly()',
    });
    expect(result.program).toBeUndefined();
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      "main.ts:1:5 Type 'string' is not assignable to type 'number'.",
      "main.ts:2:13 Argument of type 'string' is not assignable to parameter of type 'number'.",
      "main.ts:3:7 Property 'fly' does not exist on type 'typeof board'.",
    ]);
  });

  it('reports syntax errors before type errors, naming the right file', () => {
    const result = testCompiler().compile({ 'custom.ts': 'let a = ', 'main.ts': 'let b: number = 1' });
    expect(result.diagnostics.map(formatDiagnostic)).toEqual(['custom.ts:1:8 Expression expected.']);
  });

  it('refuses features the board cannot run, with a plain reason', () => {
    const messages = (source: string) =>
      testCompiler()
        .compile({ 'main.ts': source })
        .diagnostics.map((d) => d.message);
    expect(messages('async function f() { }')[0]).toMatch(/async functions are not supported/);
    expect(messages('function* g() { }')[0]).toMatch(/Generator functions/);
    expect(messages('export let x = 1')[0]).toMatch(/import and export are not supported/);
    expect(messages('let $rt = 1')[0]).toMatch(/reserved/);
  });

  it('rejects waiting in a constructor', () => {
    const result = testCompiler().compile({ 'main.ts': 'class A { constructor() { board.pause(1) } }' });
    expect(result.diagnostics[0]!.message).toMatch(/board.pause waits, so it cannot be used in a constructor/);
  });

  // The engine's String() formats numbers its own way; the runtime's helper prints them as the
  // device does (the harness's helper marks its text so the test sees it was called).
  it.each(emitters)('calls String(value) through the runtime helper (%s)', (emitter) => {
    const program = compileOk('board.log(String(0.1 + 0.2) + String())', {}, false, emitter);
    expect(program.js).toContain('$h.valueToText(');
    expect(runWithStub(program).log).toEqual(['<0.30000000000000004><undefined>']);
  });

  it.each(emitters)(
    'keeps toString and valueOf plain: the engine calls them and cannot run a generator (%s)',
    (emitter) => {
      const source = `
      class Stars {
        toString() { let s = ""; for (let i = 0; i < 3; i++) s += "*"; return s }
        valueOf() { let v = 0; while (v < 4) v++; return v }
      }
      board.log("" + new Stars())
      board.log(new Stars().toString())
    `;
      if (emitter === 'ir') {
        expect(irEmits({ 'main.ts': source })).toBe(true);
        const lowered = testCompiler().lower({ 'main.ts': source }).module!;
        const conversions = lowered.functions.filter((f) => f.name.endsWith('toString') || f.name.endsWith('valueOf'));
        expect(conversions.map((f) => [f.canWait, f.sync])).toEqual([
          [false, true],
          [false, true],
        ]);
      }
      // Even in a debug build, where every other function becomes a generator.
      expect(compileOk(source, {}, true, emitter).js).not.toMatch(/\*toString|\*valueOf/);
      const program = compileOk(source, {}, false, emitter);
      expect(program.js).not.toMatch(/\*toString|\*valueOf/);
      expect(program.js).toContain('$rt.checkSync()');
      expect(runWithStub(program).log).toEqual(['***', '***']);
      const waits = testCompiler().compile({ 'main.ts': 'class A { toString() { board.pause(1); return "" } }' });
      expect(waits.diagnostics[0]!.message).toMatch(/board.pause waits, so it cannot be used in .*toString/);
    },
  );

  it('knows the language library: strings, lists, Math', () => {
    compileOk(`
      let s = "Hello".toUpperCase().charAt(0) + "x".compare("y")
      let list = [3, 1, 2]
      list.insertAt(0, 5)
      let r = list.removeAt(0) + list.indexOf(2) + list.length + list._pickRandom()
      let m = Math.map(5, 0, 10, 0, 100) + Math.constrain(7, 0, 5) + Math.idiv(7, 2) + randint(1, 6)
      let b = Math.randomRange(1, 3) > 1 && Math.randomBoolean()
      let t = parseFloat("1.5") + parseInt("7")
      for (let c of "abc") { s += c }
    `);
  });
});

describe('emitted code', () => {
  it('makes functions that wait generators and yields at their calls', () => {
    const program = compileOk(`
      function blink(times: number) { board.pause(times) }
      function add(a: number, b: number) { return a + b }
      blink(add(1, 2))
      board.log("done")
    `);
    expect(program.js).toContain('function* blink');
    expect(program.js).toMatch(/function add\(/);
    expect(program.js).toContain('(yield* blink(add(1, 2)))');
    expect(runWithStub(program)).toMatchObject({ log: ['done'], yields: [3] });
  });

  it('follows the call graph: callers of waiting functions wait too', () => {
    const program = compileOk(`
      function a() { b() }
      function b() { c() }
      function c() { board.pause(5) }
      function pure(n: number): number { return n <= 1 ? 1 : n * pure(n - 1) }
      a()
      board.log(pure(5))
    `);
    expect(program.js).toContain('function* a');
    expect(program.js).toContain('function* b');
    expect(program.js).toMatch(/function pure\(/);
    expect(runWithStub(program)).toMatchObject({ log: [120], yields: [5] });
  });

  it('checks the budget on every loop iteration, yielding where it can', () => {
    const program = compileOk(`
      let n = 0
      while (n < 2500) { n++ }
      function count(): number { let k = 0; for (let i = 0; i < 10; i++) k++; return k }
      board.log(n + count())
    `);
    expect(program.js).toContain('function* count');
    const run = runWithStub(program);
    expect(run.log).toEqual([2510]);
    expect(run.yields.filter((y) => y === 'preempt')).toHaveLength(2);
  });

  it('calls function values through $rt.call, waiting when they wait', () => {
    const program = compileOk(`
      function twice(action: () => void) { action(); action() }
      twice(() => board.pause(7))
      let f = (x: number) => x * 3
      board.log(f(2))
    `);
    expect(program.js).toContain('$rt.call(action');
    expect(runWithStub(program)).toMatchObject({ log: [6], yields: [7, 7] });
  });

  it('keeps optional calls plain', () => {
    const program = compileOk(`
      let maybe: (() => void) | undefined = undefined
      maybe?.()
      board.log("ok")
    `);
    // Not through $rt.call: a function that waits cannot be called this way.
    expect(program.js).not.toContain('$rt.call');
    expect(runWithStub(program).log).toEqual(['ok']);
  });

  it('gives every method of one name the same calling convention', () => {
    const program = compileOk(`
      class Quiet { show() { board.log("quiet") } }
      class Loud { show() { board.pause(1); board.log("loud") } }
      let things: { show(): void }[] = [new Quiet(), new Loud()]
      for (let t of things) t.show()
    `);
    expect(program.js.match(/\*show\(/g)).toHaveLength(2);
    expect(runWithStub(program).log).toEqual(['quiet', 'loud']);
  });

  it('runs list callbacks that wait through waiting helpers', () => {
    const program = compileOk(`
      let total = 0
      ;[1, 2].forEach(v => { board.pause(v); total += v })
      ;[1, 2].forEach(v => { total += 10 })
      board.log(total)
    `);
    expect(program.js).toContain('(yield* $h.forEach([1, 2]');
    expect(program.js).toMatch(/\[1, 2\]\.forEach\(v =>/);
    expect(runWithStub(program)).toMatchObject({ log: [23], yields: [1, 2] });
  });

  it('routes list growth, string joins and MakeCode extras through $h', () => {
    const program = compileOk(`
      let list: number[] = []
      list.push(1)
      let s = "a"
      s += "b"
      s = s + 1
      list[1] = 2
      let t = \`\${s}!\`
      board.log(list.removeAt(0) + s + list[0] + t)
    `);
    expect(program.js).toContain('$h.arrayWrite(list, 1, 2)');
    expect(program.js).toContain('$h.stringCheck(`${$h.templateText(s)}!`)');
    expect(program.js).toContain('$h.arrayPush(list, 1)');
    expect(program.js).toContain('s = $h.stringCat(s, "b")');
    expect(program.js).toContain('$h.arrayRemoveAt(list, 0)');
    expect(runWithStub(program).log).toEqual(['1ab12ab1!']);
  });

  it('stores list items by op= and ++ through $h.arrayKey, which fills a gap first', () => {
    const program = compileOk(`
      let list: number[] = [1]
      let words = ["a"]
      list[3] += 2
      list[0]++
      words[2] += "b"
      board.log(list[0])
    `);
    expect(program.js).toContain('list[$h.arrayKey(list, 3)] += 2');
    expect(program.js).toContain('list[$h.arrayKey(list, 0)]++');
    expect(program.js).toContain('words[$h.arrayKey(words, 2)] = $h.stringCat(words[2], "b")');
    expect(runWithStub(program).log).toEqual([2]);
  });

  it('sets a list’s length through $h.arraySetLength, for op= and ++ too', () => {
    const program = compileOk(`
      let list: number[] = [1, 2, 3]
      list.length = 1
      list.length += 2
      let before = list.length--
      board.log(before)
    `);
    expect(program.js).toContain('$h.arraySetLength(list, 1)');
    expect(program.js).toContain('$h.arraySetLength(list, list.length + 2)');
    expect(program.js).toContain('($h.arraySetLength(list, list.length - 1) + 1)');
    expect(runWithStub(program).log).toEqual([3]);
  });

  it('counts stack depth per call and lets only program-thrown values be caught', () => {
    const program = compileOk(`
      function down(n: number): number { return n == 0 ? 0 : down(n - 1) }
      try { down(500) } catch (e) { board.log("caught") }
    `);
    expect(program.js).toContain('e = $rt.caught(e)');
    expect(() => runWithStub(program)).toThrow('Stack overflow');
    const small = compileOk(`
      function down(n: number): number { return n == 0 ? 0 : down(n - 1) }
      board.log(down(50))
      try { throw "mine" } catch { board.log("caught") }
    `);
    expect(runWithStub(small).log).toEqual([0, 'caught']);
  });

  it('binds this when an arrow that waits becomes a generator function', () => {
    const program = compileOk(`
      class Counter {
        n = 1
        start() { board.onEvent(() => { board.pause(1); board.log(this.n) }) }
      }
      new Counter().start()
    `);
    expect(program.js).toContain('.bind(this)');
    expect(runWithStub(program).log).toEqual([1]);
  });

  it('inlines the board enums and runs other files before main.ts', () => {
    const program = compileOk('board.log(helper() + Color.Green)', {
      'custom.ts': 'function helper() { return 40 }',
    });
    expect(program.js).toContain('2 /* Color.Green */');
    expect(program.positions.files).toEqual(['custom.ts', 'main.ts']);
    expect(runWithStub(program).log).toEqual([42]);
  });

  it('maps generated lines back to learner lines', () => {
    const program = testCompiler().compile(
      { 'main.ts': 'let a = 1\n\nboard.log(a)\nboard.pause(2)' },
      { sourceMap: true },
    ).program!;
    const lines = program.js.split('\n');
    const logLine = lines.findIndex((l) => l.includes('board.log(a)'));
    const segment = program.positions.lines[logLine]!;
    expect(segment.slice(1, 3)).toEqual([0, 3]); // file 0 (main.ts), line 3
    expect(JSON.parse(program.sourceMap!)).toMatchObject({ version: 3, sources: ['main.ts'] });
    expect(compileOk('let a = 1').sourceMap).toBeUndefined();
  });

  it('adds statement hooks in debug builds', () => {
    const program = compileOk('let a = 1\nfunction f() { a++ }\nf()', {}, true);
    // Ids follow the source: `let a`, then the body of f, then the call.
    expect(program.statements).toEqual([
      [0, 1, 1],
      [0, 2, 16],
      [0, 3, 1],
    ]);
    expect(program.js).toContain('function* f');
    // The debugger reads the globals through the reader main registers as it starts.
    expect(program.js).toContain('$rt.registerGlobals(($v) => { $v(0, "a", () => a); });');
    // A stop is handed the values in scope (values, not a closure, so nothing leaves registers);
    // a statement that goes on builds nothing.
    expect(program.js).toContain('if ($rt.trap !== 0 && $rt.hit(2)) yield $rt.stop("|a", [a]);');
    const inFunction = compileOk('function g(n: number) { let y = n\n board.log(y) }\ng(1)', {}, true);
    expect(inFunction.js).toContain('$rt.hit(1)) yield $rt.stop("n,y|", [n, y]);');
    // f waits for nothing in a release build: it also has a plain twin, called while the trap is down.
    expect(program.js).toContain('function $$plain_f()');
    expect(program.js).toContain('($rt.trap !== 0 ? (yield* f()) : $$plain_f())');
    expect(runWithStub(program).yields).toEqual(['stmt 0', 'stmt 2', 'stmt 1']);
  });
});

describe('back ends', () => {
  it('prints JavaScript from the IR, the same IR lower() gives', () => {
    const source = 'function twice(n: number) { return n * 2 }\nboard.log(twice(21))';
    const lowered = testCompiler().lower({ 'main.ts': source });
    expect(lowered.module?.functions.map((f) => f.name)).toEqual(['main', 'twice']);
    const viaIr = compileOk(source);
    const viaTransform = testCompiler().compile({ 'main.ts': source }, { emitter: 'transform' }).program!;
    expect(viaIr.js).not.toEqual(viaTransform.js);
    expect(runWithStub(viaIr).log).toEqual([42]);
    expect(runWithStub(viaTransform).log).toEqual([42]);
  });

  it('still compiles programs the IR cannot express yet (through the transformer)', () => {
    const source = 'let o = { get x() { return 3 } }\nboard.log(o.x)';
    expect(
      testCompiler()
        .lower({ 'main.ts': source })
        .diagnostics.map((d) => d.code),
    ).toEqual([9100]);
    const program = compileOk(source);
    expect(runWithStub(program).log).toEqual([3]);
  });
});

describe('compiler reuse', () => {
  it('recompiles after edits with the same instance and forgets removed files', () => {
    const compiler = createCompiler({ ts, library: [fakeBoard] });
    expect(compiler.compile({ 'main.ts': 'let a = 1', 'extra.ts': 'let b = 2' }).diagnostics).toEqual([]);
    const edited = compiler.compile({ 'main.ts': 'let a = b' });
    expect(edited.diagnostics.map(formatDiagnostic)).toEqual(["main.ts:1:9 Cannot find name 'b'."]);
    expect(compiler.compile({ 'main.ts': 'let a = 3' }).program?.js).toContain('let a = 3');
  });
});

describe('parsed files', () => {
  it('keeps the parse of a file a compile left out, for when it comes back unchanged', () => {
    const compiler = testCompiler();
    const helper = 'function twice(n: number) {\n    return n * 2\n}\n';
    const first = compiler.program({ 'helper.ts': helper, 'main.ts': 'board.pause(twice(2))' });
    const parsed = first.getSourceFile('/helper.ts');
    expect(parsed).toBeDefined();
    // A compile without it (the simulator's, between two device builds), then it again.
    expect(compiler.program({ 'main.ts': 'board.pause(1)' }).getSourceFile('/helper.ts')).toBeUndefined();
    const again = compiler.program({ 'helper.ts': helper, 'main.ts': 'board.pause(twice(3))' });
    expect(again.getSourceFile('/helper.ts')).toBe(parsed);
    // Changed text is parsed anew, and still compiles.
    const changed = compiler.program({ 'helper.ts': helper + '// more\n', 'main.ts': 'board.pause(twice(3))' });
    expect(changed.getSourceFile('/helper.ts')).not.toBe(parsed);
    expect(compiler.compile({ 'helper.ts': helper, 'main.ts': 'board.pause(twice(4))' }).program).toBeDefined();
  });
});
