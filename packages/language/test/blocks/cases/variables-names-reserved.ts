let value = 3
let index = 4
basic.showNumber(value + index)
