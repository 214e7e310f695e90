let x = 0.5
basic.showNumber(Math.sqrt(16))
basic.showNumber(Math.sin(x))
basic.showNumber(Math.cos(x))
basic.showNumber(Math.tan(x))
basic.showNumber(Math.asin(x))
basic.showNumber(Math.acos(x))
