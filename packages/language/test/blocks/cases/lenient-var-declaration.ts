var old = 1
basic.showNumber(old)
