let list = [4, 5, 6]
basic.showNumber(list.indexOf(5))
