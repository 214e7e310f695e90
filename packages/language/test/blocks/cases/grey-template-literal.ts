let n = 3
basic.showString(`n is ${n}`)
