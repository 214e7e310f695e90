basic.showNumber(Math.PI)
basic.showNumber(Math.pow(2, 3))
