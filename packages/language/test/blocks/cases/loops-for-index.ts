for (let index = 0; index <= 4; index++) {
    basic.showNumber(index)
}
