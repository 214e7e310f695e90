let angle = Math.PI / 4
basic.showNumber(Math.E * Math.SQRT2)
basic.showNumber(Math.LN2 + Math.LN10 + Math.LOG2E + Math.LOG10E + Math.SQRT1_2)
basic.showNumber(Math.sin(angle))
