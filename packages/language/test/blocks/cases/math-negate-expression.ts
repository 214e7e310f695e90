let x = 4
basic.showNumber(0 - x)
