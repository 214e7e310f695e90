let n = 17
basic.showNumber(n % 5)
