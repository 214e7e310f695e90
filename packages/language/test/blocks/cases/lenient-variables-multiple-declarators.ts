let a = 1, b = 2
basic.showNumber(a + b)
