let a = 1
let b = 2
let c = 3
basic.showNumber((a + b) * c)
basic.showNumber(a + b * c)
basic.showNumber(a - (b - c))
basic.showNumber(a - b - c)
basic.showNumber(a / (b * c))
basic.showNumber((a ** b) ** c)
basic.showNumber(a ** b ** c)
basic.showNumber((-2) ** 2)
