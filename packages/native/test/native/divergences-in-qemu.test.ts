// Each place where the simulator and the device once parted (found by the differential test),
// in one program: the lines below are what MakeCode's own V1 image printed for it in QEMU, and
// both our simulator and our native build must print exactly them (one exception, below).
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import ts from 'typescript';
import { describe, it } from 'vitest';
import { qemuAvailable } from '../harness/qemu-microbit.ts';
import { expectBothPrint, expectPrintsApart, itPrintsAsMakeCode } from './three-way.ts';

const canRun = qemuAvailable();

const SOURCE = `
let nothing: string = null
let unset: string = undefined
serial.writeLine("a" + nothing + "|" + \`\${nothing}\` + "|" + unset)
unset += "x"
serial.writeLine("b" + unset)
serial.writeLine("c" + (0.1 + 0.2) + " " + 1 / 3 + " " + 100 / 3 + " " + Math.sqrt(2))
serial.writeLine("d" + 1e21 + " " + 1e-7 + " " + 1.5e-7 + " " + 1.5e22 + " " + 123456789012345678)
serial.writeLine("e" + Math.imul(3, 2147483647) + " " + Math.idiv(2147483647, 255))
let list: number[] = [1, 2]
serial.writeLine("f" + list.push(3) + " " + list.length)
list.insertAt(-1, 9)
list.insertAt(5, 7)
serial.writeLine("g" + list.length + " " + list[3] + " " + list[5] + " " + list.removeAt(-1) + " " + list.removeAt(9))
let empty = ""
serial.writeLine("h" + "-1".indexOf(empty) + " " + "abc".indexOf(empty, 1))
serial.writeLine("i" + Math.round(0.49999999999999994) + " " + Math.round(-2.5))
let parts = [1, 2.5, -3, 1 / 3]
let words = ["x", "yy", null, undefined, "z"]
serial.writeLine("j" + parts.join() + "|" + parts.join("") + "|" + words.join(", ") + "|" + [[1, 2], [3]].join(";"))
serial.writeLine("k" + parts.slice(1, -1).join() + "|" + parts.slice(10).join() + "|" + parts.slice(-10).join() + "|" + parts.slice(1.5, 3.7).join() + "|" + parts.slice(-1.5).join())
serial.writeLine("l" + (5).toString() + " " + (0.1 + 0.2).toString() + " " + (1e21).toString() + " " + (-0).toString() + " " + (0 / 0).toString() + " " + (123456789012345678).toString())
let text = "Hello, micro:bit"
serial.writeLine("m" + text.slice(-3) + "|" + text.slice(2, -2) + "|" + text.slice(1.5, 3.5) + "|" + text.toUpperCase() + "|" + "aZ09[\`{@".toLowerCase())
serial.writeLine("n" + text.split("o").join("/") + "|" + text.split("").length + "|" + "".split(",").length + "|" + ",a,,b,".split(",").join("/") + "|" + text.split("o", 1).join("/"))
parts.reverse()
serial.writeLine("o" + parts.join() + "|" + parts.shift() + "|" + parts.unshift(9) + "|" + parts.join() + "|" + words.slice(9).shift())
serial.writeLine("p" + parts.indexOf(9, 1) + " " + parts.indexOf(2.5, -1) + " " + text.isEmpty() + " " + "".isEmpty() + " " + nothing.isEmpty() + " " + isNaN(0 / 0) + " " + (1 > 2).toString())
serial.writeLine("q" + parseFloat("") + " " + parseFloat(" ") + " " + parseFloat(".") + " " + parseFloat("Infinity") + " " + parseFloat("1e400") + " " + parseFloat("\\t3") + " " + parseFloat("7up") + " " + parseFloat("0x10") + " " + parseFloat("1e"))
let nan = Math.sqrt(-3)
serial.writeLine("r" + Math.max(nan, 7) + " " + Math.min(nan, 7) + " " + Math.max(7, nan) + " " + Math.min(7, nan))
serial.writeLine("s" + empty.indexOf(empty) + " " + "abc".indexOf(empty, 3) + " " + "abc".indexOf("c", 4294967296))
serial.writeLine("t" + "aBc".substr(1e21, 5) + "|" + "abc".charAt(4294967296) + "|" + "abc".charCodeAt(4294967297) + "|" + "abcdef".substr(2, 4294967298) + "|" + "abc".charAt(-4294967295))
serial.writeLine("y" + "Hello".slice(0.5, -1.5) + "|" + "Hello".slice(1.5, -2))
let hello = "Hello"
let far = 4294967297
serial.writeLine("y2 " + hello.slice(1.5, 9) + "|" + hello.slice(1, far) + "|" + hello.slice(2.7) + "|" + hello.slice(-far) + "|" + hello.substr(1.5, 2.5) + "|" + hello.substr(far, 2) + "|" + hello.charAt(1.5) + hello.charCodeAt(1.5) + "|" + hello.indexOf("l", 2.5) + " " + hello.indexOf("l", -far))
serial.writeLine("y3 " + Math.imul(1e21, 3) + " " + Math.imul(4294967297, 5) + " " + Math.imul(3e9, 3) + " " + Math.imul(-1073741825, 0.3333) + " " + Math.imul(-2.5, 3.75) + " " + Math.imul(3e15, 32768))
serial.writeLine("z1 " + parseInt("  12abc") + " " + parseInt("0X1F") + " " + parseInt("0x1f", 16) + " " + parseInt("z", 36) + " " + parseInt("") + " " + parseInt(" ") + " " + parseInt("-0") + " " + parseInt("3.9") + " " + parseInt("1e3"))
serial.writeLine("z2 " + parseInt("12", 1) + " " + parseInt("12", 0) + " " + parseInt("9", 8) + " " + parseInt("-") + " " + parseInt("0x") + " " + parseInt("\\t\\n42") + " " + parseInt("123456789012345678901") + " " + parseInt("0x1g") + " " + parseInt("-0x10"))
let none: number[] = []
let pair = [1, 2]
let joined = pair.concat([3])
joined.push(9)
serial.writeLine("z3 " + joined.join() + "|" + pair.join() + "|" + none.concat(none).length + "|" + none.concat(pair).join() + "|" + words.concat(["b"]).join("/"))
serial.writeLine("END")
`;

// One line is ours, not MakeCode's: its device prints "f[Object] 3" (its push gives back the
// list); `push` is declared to give the new length, and the simulator and our device both do.
const MAKECODE_PRINTED = [
  'anull|null|undefined',
  'bundefinedx',
  'c0.3 0.33333333333333 33.3333333333333 1.4142135623731',
  'd1000000000000000000000 1e-7 0.15e-6 1.5e+22 123456789012346000',
  'e2147483645 8421504',
  'f3 3',
  'g6 undefined 7 undefined undefined',
  'h2 3',
  'i1 -2',
  'j1,2.5,-3,0.33333333333333|12.5-30.33333333333333|x, yy, , , z|[Object];[Object]',
  'k2.5,-3||1,2.5,-3,0.33333333333333|2.5,-3,0.33333333333333|-3,0.33333333333333',
  'l5 0.3 1000000000000000000000 0 NaN 123456789012346000',
  'mbit|llo, micro:b|el|HELLO, MICRO:BIT|az09[`{@',
  'nHell/, micr/:bit|16|1|/a//b/|Hell',
  'o0.33333333333333,-3,2.5,1|0.33333333333333|4|9,-3,2.5,1|undefined',
  'p0 2 false true true true false',
  'q0 0 0 NaN NaN 3 7 0 1',
  'r7 7 NaN NaN',
  's-1 -1 2',
  'taBc|a|98|cd|b',
  'yHel|e',
  'y2 ello||ll|Hello|el|el|e101|2 2',
  'y3 -1679818752 5 410065408 0 -6 -1073741824',
  'z1 12 31 31 35 NaN NaN 0 3 1',
  'z2 NaN NaN NaN 0 0 42 123456789012346000000 1 -16',
  'z3 1,2,3,9|1,2|0|1,2|x/yy///z/b',
  'END',
];

// Forms MakeCode refuses, so the simulator is the reference: `Number(value)` (JavaScript's reading
// of text), `String(value)` (MakeCode's String
// has no call signature) gives the text `"" + value` gives, numbers in the device's digits (the
// simulator once used JavaScript's); text toString and substring, list includes, get and set,
// and reverse's value (MakeCode's reverse gives nothing); toFixed; concat of several values.
// And where MakeCode's device is wrong and ours is JavaScript's: Math.pow(x, 0.5) and x ** 0.5
// (MakeCode's V1 image printed "32767", and floors 72 of the first 199 perfect squares' roots one
// too low),
// pow(-1, 1e21) ("-1"), pow(-2, 1e300) ("-Infinity") and pow(-Infinity, 0.5) ("NaN"); a computed
// -0 is == 0 (MakeCode: `(1e-7 - 46341) * 0 == 0` is false; its `0 / -1` is +0).
const STRING_SOURCE = `
serial.writeLine("u" + String(0.1 + 0.2) + " " + String(1 / 3) + " " + String(1e21) + " " + String(1.5e-7))
serial.writeLine("v" + String("ab") + " " + String(true) + " " + String(null) + " " + String(undefined) + " " + String([1]))
serial.writeLine("w" + "Hello".toString() + " " + "Hello".substring(3, 1) + " " + "Hello".substring(-2, 2) + " " + [1, 2, 3].includes(1, 1) + " " + [1, 2, 3].includes(3, -1) + " " + [7, 8].reverse().join())
let three = [4, 5, 6]
three.set(-1, 9)
serial.writeLine("x" + three.get(-1) + " " + three.get(0) + " " + three.join())
serial.writeLine("z4 " + (3.14159).toFixed(2) + " " + (2.5).toFixed(0) + " " + (0.5).toFixed() + " " + (1.005).toFixed(2) + " " + (-0.0001).toFixed(2) + " " + (8.345).toFixed(2) + " " + (-2.5).toFixed(0) + " " + (-0).toFixed(1))
serial.writeLine("z5 " + (1e21).toFixed(2) + " " + (0 / 0).toFixed(2) + " " + (0.000001).toFixed(7) + " " + (9.995).toFixed(2) + " " + (1e15 + 0.3).toFixed(2) + " " + (123456789012345678).toFixed(1) + " " + (7).toFixed(2.7) + " " + (7).toFixed(-1) + " " + (0.1).toFixed(20))
serial.writeLine("z6 " + [1].concat([2, 3], 4, [], [5]).join() + "|" + (2 / 3).toFixed(15))
let base = 1073741824
let root = Math.pow(base, 0.5)
let negative = 0 / -1
let product = (1e-7 - 46341) * 0
let kind = "?"
switch (product) {
  case 0: kind = "zero"
}
serial.writeLine("z8 " + (negative == 0) + " " + (0 === negative) + " " + (product != 0) + " " + (product !== 0) + " " + (negative == product) + " " + kind + " " + (product < 0) + " " + (product >= 0) + " " + product + " " + (1 / negative) + " " + (negative == null))
let spaced = " 12.5 "
serial.writeLine("z9 " + Number(spaced) + " " + Number("") + " " + Number("12abc") + " " + Number("0x1F") + " " + Number("-3e2") + " " + Number(".5") + " " + Number("5.") + " " + Number(".") + " " + Number("1e") + " " + Number("-Infinity"))
serial.writeLine("z10 " + Number(true) + " " + Number(false) + " " + Number(null) + " " + Number(undefined) + " " + Number(7.25) + " " + Number("0b101") + " " + Number("0o17") + " " + Number("0x") + " " + Number("+4") + " " + Number("\\t\\n9 "))
serial.writeLine("z7 " + Math.floor(root) + " " + Math.floor(base ** 0.5) + " " + Math.pow(-1, 1e21) + " " + Math.pow(-2, 1e300) + " " + Math.pow(-1 / 0, 0.5) + " " + Math.pow(-0, 0.5) + " " + Math.pow(-4, 0.5))
serial.writeLine("END")
`;
const STRING_PRINTED = [
  'u0.3 0.33333333333333 1000000000000000000000 0.15e-6',
  'vab true null undefined [Object]',
  'wHello el He false true 8,7',
  'x9 4 4,5,9',
  'z4 3.14 3 1 1.00 -0.00 8.35 -3 0.0',
  'z5 1000000000000000000000 NaN 0.0000010 9.99 1000000000000000.25 123456789012346000.0 7.00 7 0.10000000000000000000',
  'z6 1,2,3,4,5|0.666666666666667',
  'z8 true true false false true zero false true 0 -Infinity false',
  'z9 12.5 0 NaN 31 -300 0.5 5 NaN NaN -Infinity',
  'z10 1 0 0 NaN 7.25 5 15 NaN 4 9',
  'z7 32768 32768 1 Infinity Infinity 0 NaN',
  'END',
];

// Known and left: here MakeCode's image prints what ours prints (the lines below), and the
// simulator keeps JavaScript's answer, which is what a learner expects and costs nothing:
// - the device keeps a computed -0 boxed (`0 / -1`, `-0.5 * 0`), and the firmware's equality
//   calls a boxed number never equal to a small whole number: our ==, ===, != and !== and
//   `switch` see a boxed ±0 as 0 (below), but the firmware's list search (indexOf,
//   removeElement) does not find 0 as -0 or -0 as 0;
// - Math.pow is the C library's: with a fractional exponent the last of its 15 printed digits
//   can differ (an exponent of 0.5 and huge exponents of negative bases are ours: below);
// - a list index wraps to 32 bits (`[5, 6, 7][4294967297]` is 6, the simulator's undefined).
// The differential generator avoids all three.
const PINNED_SOURCE = `
let zero = (1e-7 - 46341) * 0
serial.writeLine("a" + [zero, 1].indexOf(0) + " " + [1, zero].removeElement(0) + " " + [0].indexOf(zero))
let l = [5, 6, 7]
serial.writeLine("b" + l[4294967297] + " " + l[4294967296] + " " + l[-4294967295])
serial.writeLine("c" + Math.pow(2.5, 9.9) + " " + Math.pow(3, 9.9))
serial.writeLine("END")
`;
const PINNED_DEVICE = ['a-1 false -1', 'b6 5 6', 'c8701.73965983851 52905.4510951371', 'END'];
const PINNED_SIMULATOR = ['a0 true 0', 'bundefined undefined undefined', 'c8701.7396598385 52905.4510951372', 'END'];

describe.skipIf(!canRun)('the divergences found so far stay fixed (QEMU, V1)', () => {
  const compiler = createMicrobitCompiler(ts);

  itPrintsAsMakeCode(compiler, SOURCE, MAKECODE_PRINTED);

  it('String(value) and the forms MakeCode lacks print the same in the simulator and on the device', async () => {
    await expectBothPrint(compiler, STRING_SOURCE, STRING_PRINTED);
  }, 120_000);

  it('the divergences left print as pinned (the device as MakeCode’s)', async () => {
    await expectPrintsApart(compiler, PINNED_SOURCE, PINNED_SIMULATOR, PINNED_DEVICE);
  }, 120_000);
});
