let a = 1
let b = 2
basic.showString("" + (a == b))
basic.showString("" + (a != b))
basic.showString("" + (a < b))
basic.showString("" + (a <= b))
basic.showString("" + (a > b))
basic.showString("" + (a >= b))
