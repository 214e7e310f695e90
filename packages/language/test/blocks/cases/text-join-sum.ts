let a = 1
let b = 2
basic.showString("sum " + (a + b))
