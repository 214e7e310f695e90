import { describe, expect, it } from 'vitest';
import { run } from '../test/programs.ts';

/** Serial lines of a program without their times. */
function output(source: string): string[] {
  const result = run(`serial.setWriteLinePadding(0)\n${source}`, { timeMs: 20000 });
  if (result.error) throw result.error;
  return result.lines.map((line) => line.slice(line.indexOf(' ') + 1));
}

describe('language built-ins in real programs', () => {
  it('Math: randint, randomRange, map, constrain, idiv, abs, min, max, round, sqrt, remainder', () => {
    expect(
      output(`let r = randint(1, 6)
serial.writeLine("" + (r >= 1 && r <= 6 && Math.floor(r) == r))
serial.writeLine("" + Math.randomRange(3, 3))
serial.writeNumbers([Math.map(512, 0, 1024, 0, 100), Math.constrain(150, 0, 100), Math.idiv(17, 5)])
serial.writeNumbers([Math.abs(-4), Math.min(3, 8), Math.max(3, 8), Math.round(2.5), Math.sqrt(81), 17 % 5])
serial.writeLine("" + Math.roundWithPrecision(Math.PI, 3))`),
    ).toEqual(['true', '3', '50,100,3', '4,3,8,3,9,2', '3.142']);
  });

  it('text: join, length, char, compare, substr, split, includes, parse', () => {
    expect(
      output(`let name = "micro:bit"
serial.writeLine(name + " has " + name.length + " characters")
serial.writeLine(name.charAt(0) + name.substr(6, 3) + name.indexOf("bit"))
serial.writeLine("" + "apple".compare("banana") + "b".compare("a") + "a".isEmpty() + "".isEmpty())
serial.writeLine(name.split(":").join("+") + name.includes("bit") + parseFloat("2.5") * 2)
serial.writeLine(String.fromCharCode(72, 105) + name.toUpperCase())`),
    ).toEqual(['micro:bit has 9 characters', 'mbit6', '-11falsetrue', 'micro+bittrue5', 'HiMICRO:BIT']);
  });

  it('lists: add, insert, remove, find, reverse, pick random, loops over them', () => {
    expect(
      output(`let list = [4, 2, 9]
list.push(7)
list.insertAt(0, 1)
let removed = list.removeAt(2)
list.unshift(0)
serial.writeNumbers(list)
serial.writeLine("" + removed + list.indexOf(9) + list.length + list.removeElement(9))
list.reverse()
let total = 0
for (let value of list) {
    total += value
}
serial.writeNumbers([total, list[0], list.get(-1)])
serial.writeLine("" + (list.indexOf(list._pickRandom()) >= 0))
serial.writeNumbers(list.filter(v => v > 1).map(v => v * 10))`),
    ).toEqual(['0,1,4,9,7', '235true', '12,7,0', 'true', '70,40']);
  });

  it('functions with parameters, recursion, closures and classes', () => {
    expect(
      output(`function add(a: number, b: number) {
    return a + b
}
function factorial(n: number): number {
    return n <= 1 ? 1 : n * factorial(n - 1)
}
function counter() {
    let count = 0
    return () => {
        count += 1
        return count
    }
}
class Sprite {
    constructor(public x: number, public y: number) { }
    move(dx: number) {
        this.x += dx
        return this
    }
}
let next = counter()
next()
serial.writeNumbers([add(2, 3), factorial(10), next(), new Sprite(1, 2).move(3).x])`),
    ).toEqual(['5,3628800,2,4']);
  });

  it('logic and loops: while, repeat, if/else, switch, break and continue', () => {
    expect(
      output(`let log = ""
let i = 0
while (i < 10) {
    i += 1
    if (i % 2 == 0) continue
    if (i > 7) break
    log += i
}
for (let index = 0; index < 4; index++) {
    switch (index) {
        case 0: log += "a"; break
        case 1: log += "b"; break
        default: log += "z"
    }
}
serial.writeLine(log + (true && !false) + (1 < 2 ? "yes" : "no"))`),
    ).toEqual(['1357abzztrueyes']);
  });

  it('waits inside functions, loops and list callbacks called from the top level', () => {
    const result = run(`function blink(times: number) {
    for (let i = 0; i < times; i++) {
        basic.showIcon(IconNames.Heart, 100)
        basic.clearScreen()
        basic.pause(100)
    }
}
blink(3)
serial.writeValue("after blink", control.millis())
;[1, 2].forEach(function (n) {
    basic.pause(50 * n)
})
serial.writeValue("after forEach", control.millis())`);
    expect(result.lines).toEqual(['600 after blink:600', '800 after forEach:750']);
  });
});
