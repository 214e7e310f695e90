for (let index = 0; index <= 9; index++) {
    if (index % 2 == 0) {
        continue
    }
    basic.showNumber(index)
}
