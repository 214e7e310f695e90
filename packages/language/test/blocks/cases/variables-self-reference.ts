let x: number = 0
x = x + 1
basic.showNumber(x)
