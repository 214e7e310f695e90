let x: number = 0
basic.showNumber(x)
x = 5
basic.showNumber(x)
