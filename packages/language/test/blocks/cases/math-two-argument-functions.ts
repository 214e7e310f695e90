basic.showNumber(Math.atan2(1, 1))
basic.showNumber(Math.idiv(7, 2))
basic.showNumber(Math.imul(3, 4))
