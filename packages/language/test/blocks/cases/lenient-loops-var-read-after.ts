for (var i = 0; i < 3; i++) {
    basic.showNumber(i)
}
basic.showNumber(i)
