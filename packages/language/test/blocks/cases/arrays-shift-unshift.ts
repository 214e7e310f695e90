let list = [1, 2]
list.unshift(0)
basic.showNumber(list.shift())
