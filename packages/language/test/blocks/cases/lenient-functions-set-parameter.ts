function bump(n: number) {
    n = n + 1
    basic.showNumber(n)
}
bump(1)
