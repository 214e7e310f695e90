let list = [1, 2, 3]
list.reverse()
basic.showNumber(list._pickRandom())
