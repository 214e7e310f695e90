// Every kind of loop, labels, switch with fall-through, for-of over a list and a string, for-in.
let list = [3, 1, 4, 1, 5]
let total = 0
outer: for (let i = 0; i < 5; i++) {
    for (let j = 0; j < 5; j++) {
        if (j > i) continue outer
        if (i == 4) break outer
        total += j
    }
}
let n = 0
while (n < 10) {
    n++
    if (n % 2 == 0) continue
}
do {
    n--
} while (n > 5)
for (let value of list) {
    total += value
}
for (let letter of "abc") {
    serial.writeString(letter)
}
for (let key in list) {
    serial.writeString(key)
}
switch (total % 3) {
    case 0:
        serial.writeLine("zero")
    case 1:
        serial.writeLine("one or zero")
        break
    default:
        serial.writeLine("two")
}
if (total > 10) {
    basic.showNumber(total)
} else if (total > 5) {
    basic.showNumber(5)
} else {
    basic.clearScreen()
}
