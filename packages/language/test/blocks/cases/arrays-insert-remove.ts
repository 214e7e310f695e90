let list = [1, 2, 3]
list.insertAt(1, 9)
basic.showNumber(list.removeAt(0))
