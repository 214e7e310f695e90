let item = 0
basic.showNumber(item)
