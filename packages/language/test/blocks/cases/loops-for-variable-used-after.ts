let i: number = 0
for (i = 0; i <= 5; i++) {
    basic.showNumber(i)
}
basic.showNumber(i)
