let x = 3
if (x > 2) {
    basic.showString("big")
}
