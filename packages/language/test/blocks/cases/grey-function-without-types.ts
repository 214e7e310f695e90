function add(a, b) {
    return a + b
}
basic.showNumber(add(1, 2))
