let list = [1]
list.push(2)
basic.showNumber(list.pop())
