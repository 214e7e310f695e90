// count up
for (let index = 0; index <= 3; index++) {
    // show it
    basic.showNumber(index)
}
