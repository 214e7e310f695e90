let x = 3
if (x > 5) {
    basic.showString("big")
} else if (x > 2) {
    basic.showString("medium")
} else {
    basic.showString("small")
}
