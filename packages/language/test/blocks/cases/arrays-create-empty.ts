let list: number[] = []
list.push(1)
basic.showNumber(list.length)
