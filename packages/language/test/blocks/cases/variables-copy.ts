let a = 5
let b = a
basic.showNumber(b)
