let x: number = 0
if (x < 1) {
    basic.showNumber(0)
} else if (false) {
} else if (true) {
    basic.showNumber(2)
} else {
    basic.clearScreen()
}
