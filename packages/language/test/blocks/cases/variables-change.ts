let item = 0
item += 2
item += -1
basic.showNumber(item)
