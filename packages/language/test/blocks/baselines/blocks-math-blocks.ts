basic.showNumber(Math.idiv(9, 2))
basic.showNumber(Math.max(1, 3))
