let list = [1, 2, 3]
let doubled = list.map(x => x * 2)
basic.showNumber(doubled.length)
