let list = [1, 2, 3]
basic.showNumber(list.length)
