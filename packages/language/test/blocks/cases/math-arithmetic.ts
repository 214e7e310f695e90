let a = 7
let b = 2
basic.showNumber(a + b)
basic.showNumber(a - b)
basic.showNumber(a * b)
basic.showNumber(a / b)
basic.showNumber(a ** b)
