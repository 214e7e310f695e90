// Issue 21 item 4: programs that held memory outside the 64 MB budget. Kept as fixtures: each
// must now end with the runtime's "out of memory" error instead of growing without bound.

/** The reported attack: many buffers, each under the budget, held together (4 GB in the frame). */
export const manyBigBuffers = `let kept: Buffer[] = []
for (let i = 0; i < 70; i++) {
    kept.push(pins.createBuffer(60000000))
}
serial.writeNumber(kept.length)
`;

/** The same through buffers made from buffers (concat and slice were not counted at all). */
export const derivedBuffers = `let base = pins.createBuffer(30000000)
let kept: Buffer[] = []
for (let i = 0; i < 10; i++) {
    kept.push(base.concat(base))
}
serial.writeNumber(kept.length)
`;

/** Buffers from text and from each other, in plain variables (no list counts them). */
export const textBuffers = `let t = "0123456789"
for (let i = 0; i < 18; i++) {
    t = t + t
}
let a = control.createBufferFromUTF8(t)
let b = a.concat(a)
let c = b.concat(b)
let d = c.concat(c)
let e = d.concat(d)
serial.writeNumber(a.length + b.length + c.length + d.length + e.length)
`;

/** Big items at places the old sampled list check never looked at (only powers of two). */
export const listOfBigStrings = `let s = "0123456789"
for (let i = 0; i < 18; i++) {
    s = s + s
}
let kept: string[] = [""]
for (let i = 0; i < 200; i++) {
    kept.push(s + i)
}
serial.writeNumber(kept.length)
`;
