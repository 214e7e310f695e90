let index = 7
for (let index2 = 0; index2 < 2; index2++) {
    basic.showNumber(index)
}
