let x = 2.5
basic.showNumber(Math.round(x))
basic.showNumber(Math.ceil(x))
basic.showNumber(Math.floor(x))
basic.showNumber(Math.trunc(x))
