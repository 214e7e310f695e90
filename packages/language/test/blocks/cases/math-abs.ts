basic.showNumber(Math.abs(-3))
