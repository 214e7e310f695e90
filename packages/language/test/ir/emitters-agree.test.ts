// The JavaScript printed from the IR behaves like the TypeScript transformer's output: each
// program below runs through both emitters (against the test harness's stand-in runtime) and
// must log the same values, wait the same way and end the same way; the expected log pins what
// both do.
import { describe, expect, it } from 'vitest';
import { runWithStub, testCompiler } from '../../src/compiler/test-harness.ts';

function run(source: string, emitter: 'ir' | 'transform') {
  const result = testCompiler().compile({ 'main.ts': source }, { emitter });
  if (!result.program) throw new Error(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n'));
  try {
    return runWithStub(result.program);
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const programs: Record<string, { source: string; log?: unknown[]; error?: string }> = {
  'arithmetic and text': {
    source: `
      let a = 7, b = 2
      board.log(a + b * 3 - a % b)
      board.log(a / b + " " + (a ** b) + (-a) + (- -a))
      board.log("x" + 1 + 2)
      board.log(1 + 2 + "x")
      let s = "ab"
      s += 3
      board.log(s)
      board.log(\`\${a}-\${b}\` + \`\\\`\${"$"}{}\`)
      board.log(typeof s + typeof a + (a > b && b > 0) + (a < b || null))
    `,
    log: [12, '3.5 49-77', 'x12', '3x', 'ab3', '7-2`${}', 'stringnumbertruenull'],
  },
  'compound assignment evaluates each part once': {
    source: `
      let calls = 0
      let list = [10, 20, 30]
      function at() { calls++; return 1 }
      list[at()] += 5
      list[at()] *= 2
      list[0]++
      --list[2]
      let o = { n: 1 }
      function obj() { calls++; return o }
      obj().n += 10
      board.log(list.join(",") + " " + o.n + " " + calls)
      let i = 5
      let j = i++ + ++i
      board.log(i + " " + j)
    `,
    log: ['11,50,29 11 3', '7 12'],
  },
  'short circuits and conditionals': {
    source: `
      let log: string[] = []
      function t(name: string) { log.push(name); return true }
      function f(name: string) { log.push(name); return false }
      let r = f("a") && t("b") || t("c") && f("d")
      let n: number = null
      let m = n ?? 4
      board.log(log.join("") + r + m + (m > 3 ? "big" : "small"))
    `,
    log: ['acdfalse4big'],
  },
  'loops, labels and switch': {
    source: `
      let out = ""
      outer: for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) {
          if (j > i) continue outer
          if (i == 3) break outer
          out += i + "" + j + " "
        }
      }
      let k = 0
      while (true) { k++; if (k > 3) break }
      do { k += 10 } while (k < 30)
      for (const c of "hé") out += "[" + c + "]"
      for (const v of [1, 2]) out += v
      for (const key in { x: 1, y: 2 }) out += key
      for (let n = 0; n < 4; n++) {
        switch (n) {
          case 0: out += "zero"
          case 1: out += "one"; break
          case 2: { out += "two"; continue }
          default: out += "many"
        }
        out += ";"
      }
      board.log(out + k)
    `,
    log: ['00 10 11 20 21 22 [h][é]12xyzeroone;one;twomany;34'],
  },
  'closures capture variables, not values': {
    source: `
      let makers: (() => number)[] = []
      for (let i = 0; i < 3; i++) makers.push(() => i * 10)
      let shared = 1
      const bump = () => { shared++ }
      bump(); bump()
      function counter() {
        let c = 0
        return () => ++c
      }
      const next = counter()
      next(); next()
      function hoisted() { return later * 2 }
      let later = 21
      board.log(makers.map(m => m()).join(",") + " " + shared + " " + next() + " " + hoisted())
    `,
    log: ['0,10,20 3 3 42'],
  },
  'closures that wait': {
    source: `
      let total = 0
      function each(list: number[], f: (n: number) => void) { for (const n of list) f(n) }
      each([1, 2], n => { board.pause(n); total += n })
      ;[3].forEach(n => { board.pause(n); total += n })
      board.onEvent(() => { board.pause(9); total += 100 })
      board.log(total)
    `,
    log: [106],
  },
  'classes, inheritance, accessors and statics': {
    source: `
      class Animal {
        static count = 0
        legs = 4
        constructor(public name: string) { Animal.count++ }
        speak(): string { return this.name + " makes a sound" }
        get title() { return "<" + this.name + ">" }
        set title(t: string) { this.name = t }
        static reset() { Animal.count = 0 }
      }
      class Dog extends Animal {
        tricks: string[] = []
        speak(): string { return super.speak() + " (woof)" }
      }
      class Puppy extends Dog {
        constructor(name: string, public age: number) { super(name); this.legs = 3 }
      }
      let pets: Animal[] = [new Animal("cat"), new Dog("rex"), new Puppy("bit", 1)]
      let out = pets.map(p => p.speak()).join("; ")
      const puppy = pets[2] as Puppy
      puppy.title = "bo"
      board.log(out)
      board.log(puppy.title + puppy.legs + puppy.age + Animal.count + (puppy instanceof Dog) + (pets[0] instanceof Dog))
      Animal.reset()
      board.log(Animal.count)
    `,
    log: ['cat makes a sound; rex makes a sound (woof); bit makes a sound (woof)', '<bo>313truefalse', 0],
  },
  'methods that wait, on this': {
    source: `
      class Blinker {
        times = 2
        run() { for (let i = 0; i < this.times; i++) board.pause(i + 1); return this.times }
        later() { board.onEvent(() => { board.pause(5); board.log(this.times) }) }
      }
      const b = new Blinker()
      board.log(b.run())
      b.later()
    `,
    log: [2, 2],
  },
  exceptions: {
    source: `
      let out = ""
      function risky(n: number) { if (n > 1) throw "big " + n; return n }
      try { out += risky(1); out += risky(2) } catch (e) { out += " caught " + e } finally { out += "!" }
      try { throw { code: 7 } } catch ({ code }) { out += code }
      function inner() { try { return "try" } finally { out += " fin" } }
      // \`out\` is read before inner() runs: its " fin" is overwritten, as in JavaScript.
      out += inner()
      board.log(out)
    `,
    log: ['1 caught big 2!7try'],
  },
  'destructuring, spread and objects': {
    source: `
      let [a, b = 5, ...rest] = [1, undefined, 3, 4]
      let { x, y: why = 9 } = { x: 1, y: undefined as number }
      ;[a, b] = [b, a]
      function sum(...ns: number[]) { let t = 0; for (const n of ns) t += n; return t }
      function pair([p, q]: number[], { r }: { r: number }) { return p + q + r }
      let o = { ...{ u: 1 }, v: 2, ["w" + 1]: 3 }
      board.log([a, b, rest.join("+"), x, why, sum(...rest, 10), pair([1, 2], { r: 3 }), o.u + o.v + o["w1"]].join(" "))
    `,
    log: ['5 1 3+4 1 9 17 6 6'],
  },
  'optional chaining': {
    source: `
      class Box { inner: Box = null; v = 1; get() { return this.v } }
      let b: Box = new Box()
      let none: Box = null
      let f: () => number = null
      board.log([b?.v, none?.v, b.inner?.inner?.v, none?.get(), b?.get(), f?.(), b.inner?.get()].join(","))
    `,
    log: ['1,,,,1,,'],
  },
  'namespaces and enums': {
    source: `
      enum Dir { Up = 1, Down, Left = 10 }
      namespace game {
        export let score = 0
        export function add(n: number) { score += n; return score }
        export namespace inner { export const bonus = 5 }
      }
      game.add(game.inner.bonus)
      board.log(game.score + Dir.Down + Dir.Left + Color.Green)
      board.log(Dir[2] + Dir[Dir.Up])
    `,
    log: [19, 'DownUp'],
  },
  'recursion stops at the stack limit': {
    source: `
      function down(n: number): number { return n == 0 ? 0 : 1 + down(n - 1) }
      board.log(down(50))
      board.log(down(1000))
    `,
    error: 'Stack overflow',
  },
};

describe('the IR emitter and the TypeScript transformer agree', () => {
  for (const [name, { source, log, error }] of Object.entries(programs)) {
    it(name, () => {
      const viaIr = run(source, 'ir');
      const viaTransform = run(source, 'transform');
      expect(viaIr).toEqual(viaTransform);
      if (error) expect(viaIr).toEqual({ error });
      else expect(viaIr).toMatchObject({ log });
    });
  }
});
