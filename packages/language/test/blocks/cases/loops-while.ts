let n = 0
while (n < 5) {
    n += 1
}
basic.showNumber(n)
