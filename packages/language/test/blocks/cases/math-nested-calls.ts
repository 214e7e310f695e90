let x = 9
basic.showNumber(Math.round(Math.sqrt(Math.abs(x - 100))))
