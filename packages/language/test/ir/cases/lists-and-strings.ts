// List and text built-ins: helpers ($h) for growth, callbacks that wait or not, string methods.
let names = ["Ann", "Bo"]
names.push("Cy")
names.insertAt(0, "Al")
let first = names.removeAt(0)
names.forEach(n => serial.writeLine(n))
names.forEach(function (n) {
    basic.showString(n)
})
let lengths = names.map(n => n.length)
let sorted = lengths.sort((a, b) => a - b)
let word = first.charAt(0) + first.substr(1, 2).toUpperCase()
let found = names.indexOf("Bo") >= 0 && word.includes("A")
let parts = "a,b".split(",")
serial.writeLine(word + found + parts.length + sorted[0] + names.length)
