// -a and a -= b come back as -1 × a and a += -1 × b: exactly the same numbers, -0 included.
let a = 0
basic.showNumber(1 / -a)
a -= a * 2
