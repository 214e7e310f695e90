let a = 1
let b = 2
let c = a + b
basic.showNumber(c)
