function check(x: number) {
    if (x < 0) {
        return
    }
    basic.showNumber(x)
}
check(3)
