let list = [0, 0, 0]
list[1] = 5
list[2] = list[1] + 1
basic.showNumber(list[2])
