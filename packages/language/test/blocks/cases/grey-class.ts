class Counter {
    n = 0
    add() {
        this.n += 1
    }
}
basic.showNumber(1)
