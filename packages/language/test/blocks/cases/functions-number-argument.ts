function showTwice(n: number) {
    basic.showNumber(n)
    basic.showNumber(n)
}
showTwice(5)
