let x = 3
if (x == 1) {
    basic.showNumber(1)
} else if (x == 2) {
    basic.showNumber(2)
} else if (x == 3) {
    basic.showNumber(3)
} else if (x == 4) {
    basic.showNumber(4)
}
