let a = 4
basic.showNumber(Math.min(a, 10))
basic.showNumber(Math.max(a, 10))
