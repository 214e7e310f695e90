let a = 2
let list = [a, a * 2, a + 1]
basic.showNumber(list[2])
