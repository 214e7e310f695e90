let a = 3
basic.showNumber(a > 2 ? 1 : 0)
