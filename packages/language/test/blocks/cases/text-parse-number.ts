let n = parseFloat("3.5")
basic.showNumber(n * 2)
