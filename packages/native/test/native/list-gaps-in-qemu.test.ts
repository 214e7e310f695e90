// Lists with gaps: a write past a list's end (`let l = [1]; l[4] = 7`). MakeCode's board fills
// the gap with undefined items, which count, print, are found by indexOf and are passed to
// forEach, map and the rest; JavaScript would leave holes that those skip or print otherwise.
// Learners see the board's answer, so the simulator fills the gap too (helpers.ts arrayWrite and
// arrayKey) and both print exactly the lines MakeCode's own V1 image printed in QEMU for SOURCE.
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import ts from 'typescript';
import { describe, it } from 'vitest';
import { qemuAvailable } from '../harness/qemu-microbit.ts';
import { expectBothPrint, expectPrintsApart, itPrintsAsMakeCode } from './three-way.ts';

const canRun = qemuAvailable();

const SOURCE = `
let l = [1]
l[4] = 7
serial.writeLine("a" + l.length + " " + l[2] + " " + l.join() + " " + l.indexOf(undefined) + " " + l.indexOf(0))
serial.writeNumbers(l)
for (let v of l) serial.writeString("" + v + ";")
serial.writeLine("")
l.forEach(function (v, i) { serial.writeString("" + i + "=" + v + ";") })
serial.writeLine("")
serial.writeLine("b" + l.map(v => v ? 2 : 3).join() + " " + l.filter(v => !v).length + " " + l.reduce((a, v) => a + 1, 0))
serial.writeLine("c" + l.some(v => v == undefined) + " " + l.every(v => v != undefined) + " " + l.find(v => v == undefined))
l.reverse()
serial.writeLine("d" + l.slice(1).indexOf(undefined) + " " + l.concat([5]).indexOf(undefined) + " " + l.indexOf(undefined))
serial.writeLine("e" + l.removeElement(undefined) + " " + l.length + " " + l.pop() + " " + l.shift())
let c = [1]
c[3] += 2
let d = [1]
d[2]++
let t = ["a"]
t[2] += "x"
serial.writeLine("f" + c.length + " " + c.indexOf(undefined) + " " + d.length + " " + d.indexOf(undefined) + " " + t.join("/"))
let e = [1]
e.set(3, 5)
let m = [1, 2]
m[2.5] = 9
m[-1] = 8
serial.writeLine("g" + e.indexOf(undefined) + " " + e.join() + " " + m.length + " " + m.join() + " " + m[-1])
let s = ["b"]
s[3] = "a"
s.sort()
serial.writeLine("h" + s.join() + " " + s.indexOf(undefined))
let words = ["x"]
words[2] = "y"
serial.writeLine("i" + words + " " + words[1] + " " + words.length)
serial.writeLine("END")
`;

const MAKECODE_PRINTED = [
  'a5 undefined 1,,,,7 1 -1',
  '1,undefined,undefined,undefined,7',
  '1;undefined;undefined;undefined;7;',
  '0=1;1=undefined;2=undefined;3=undefined;4=7;',
  'b2,3,3,3,2 3 5',
  'ctrue false undefined',
  'd0 1 1',
  'etrue 4 1 7',
  'f4 1 3 1 a//undefinedx',
  'g1 1,,,5 3 1,2,9 undefined',
  'ha,b,, 2',
  'i[Object] undefined 3',
  'END',
];

// Ours, not MakeCode's: with a comparator, undefined items go last without reaching it (as
// JavaScript sorts; MakeCode's board passes them in, and `undefined - 1` is NaN, which leaves
// its selection sort's order to chance). A comparator that never answers below 0 sorts (as on
// MakeCode's board; JavaScript's sort would leave 5,1,4,2,3). findIndex and get(-n) are not in
// MakeCode's library.
const OURS_SOURCE = `
let q = [3]
q[3] = 1
q.push(2)
q.sort((a, b) => a - b)
let r = [1]
r[2] = 5
serial.writeLine("s" + q.join() + " " + q.indexOf(undefined) + " " + r.findIndex(v => v === undefined) + " " + r.get(-2) + " " + r.get(-4))
let c = [5, 1, 4, 2, 3]
c.sort((x, y) => x > y ? 1 : 0)
serial.writeLine("t" + c.join())
serial.writeLine("END")
`;
const OURS_PRINTED = ['s1,2,3,, 3 1 undefined undefined', 't1,2,3,4,5', 'END'];

// splice with more than four items or spread ones, list literals that spread lists, isArray and
// includes(NaN) (MakeCode has none of them: the simulator, JavaScript's, is the reference).
const SPREAD_SOURCE = `
let l = [1, 2, 3]
let more = [7, 8]
let r = l.splice(1, 0, ...more)
serial.writeLine("a" + l.join() + " " + r.length)
r = l.splice(0, 2, 4, 5, 6, 7, 8)
serial.writeLine("b" + l.join() + " " + r.join())
r = l.splice(-2, 1, ...more, 9, ...more)
serial.writeLine("c" + l.join() + " " + r.join())
let w = [0, ...more, 1, ...l]
serial.writeLine("d" + w.join() + " " + w.length)
let e: number[] = []
let x = [...e]
x.push(1)
serial.writeLine("e" + x.join() + " " + e.length)
let s = ["a"]
s.splice(5, 0, "b", "c", "d", "e", "f")
serial.writeLine("f" + s.join())
let t = "ab"
serial.writeLine("g" + Array.isArray(s) + " " + Array.isArray(5) + " " + Array.isArray(t) + " " + Array.isArray(null))
serial.writeLine("h" + [0 / 0].includes(0 / 0) + " " + [1, 0 / 0].includes(1) + " " + [1].includes(0 / 0))
serial.writeLine("END")
`;
const SPREAD_PRINTED = [
  'a1,7,8,2,3 0',
  'b4,5,6,7,8,8,2,3 1,7',
  'c4,5,6,7,8,8,7,8,9,7,8,3 2',
  'd0,7,8,1,4,5,6,7,8,8,7,8,9,7,8,3 16',
  'e1 0',
  'fa,b,c,d,e,f',
  'gtrue false false false',
  'htrue true false',
  'END',
];

// \`list.length = n\` (and +=, ++): MakeCode refuses it; a longer list gets undefined items on
// both (JavaScript would leave holes), a fraction is cut, below 0 is 0.
const LENGTH_SOURCE = `
let l = [1, 2, 3]
l.length = 5
serial.writeLine("a" + l.length + " " + l.indexOf(undefined) + " " + l.join())
serial.writeNumbers(l)
l.length = 1
serial.writeLine("b" + l.length + " " + l.join())
let n = (l.length = 0)
serial.writeLine("c" + l.length + " " + n)
l.length = 2.7
serial.writeLine("d" + l.length)
l.length = -3
serial.writeLine("e" + l.length)
l.push(4)
l = [1, 2, 3]
l.length += 1
serial.writeLine("a" + l.length + " " + l.indexOf(undefined))
l.length--
serial.writeLine("b" + l.length)
let old = l.length++
serial.writeLine("c" + old + " " + l.length + " " + l.indexOf(undefined) + " " + (++l.length) + " " + (l.length -= 3) + " " + l.join())
let k = 2
l.length *= -k
serial.writeLine("d" + l.length)
serial.writeLine("END")
`;
const LENGTH_PRINTED = [
  'a5 3 1,2,3,,',
  '1,2,3,undefined,undefined',
  'b1 1',
  'c0 0',
  'd2',
  'e0',
  'a4 3',
  'b3',
  'c3 4 3 5 2 1,2',
  'd0',
  'END',
];

// Known and left: a fractional index read is cut to its whole part on the device (as on
// MakeCode's board) and undefined in the simulator (a check on every read would cost the
// simulator's loops); writes agree (cut on both).
const PINNED_SOURCE = `
let a = [1, 2, 3]
serial.writeLine("a" + a[1.7] + " " + a[0.2])
serial.writeLine("END")
`;

describe.skipIf(!canRun)('lists with gaps print the same in the simulator and on the device (QEMU, V1)', () => {
  const compiler = createMicrobitCompiler(ts);

  itPrintsAsMakeCode(compiler, SOURCE, MAKECODE_PRINTED);

  it('sorting a list with gaps, findIndex and get print the same on both', async () => {
    await expectBothPrint(compiler, OURS_SOURCE, OURS_PRINTED);
  }, 120_000);

  it('splice with many or spread items, spread list literals, isArray and includes print the same on both', async () => {
    await expectBothPrint(compiler, SPREAD_SOURCE, SPREAD_PRINTED);
  }, 120_000);

  it('setting a list’s length prints the same on both', async () => {
    await expectBothPrint(compiler, LENGTH_SOURCE, LENGTH_PRINTED);
  }, 120_000);

  it('a fractional index read prints as pinned', async () => {
    await expectPrintsApart(compiler, PINNED_SOURCE, ['aundefined undefined', 'END'], ['a2 1', 'END']);
  }, 120_000);
});
