let n = 2
n *= 3
basic.showNumber(n)
