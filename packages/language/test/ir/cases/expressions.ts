// Evaluation order with temporaries: compound assignment to computed places, ++/--, short
// circuits, ?? and ?:, optional chaining, templates, destructuring, spread, object literals.
let list = [1, 2, 3]
let i = 0
function next() {
    return i++
}
list[next()] += 10
list[i] *= 2
list[0]++
let x = --i
let y = i++ + ++i
let t = list.length > 2 && list[0] > 5 || list[1] == 2
let fallback: number = undefined
let z = fallback ?? 7
let label = z > 5 ? "big" : "small"
let text = `x=${x} y=${y}` + label
text += "!"
let [a, b, ...rest] = list
let point = { px: 1, py: 2 }
let { px, py } = point
;[a, b] = [b, a]
let all = [...list, ...rest, a]
let maybe: number[] = null
let size = maybe?.length
let kind = typeof point
let has = "px" in point
let code = (a = 5, b = 6, a + b)
serial.writeLine(text + t + px + py + all + size + kind + has + code)
