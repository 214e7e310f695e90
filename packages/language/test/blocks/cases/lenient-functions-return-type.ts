function one(): number {
    return 1
}
basic.showNumber(one())
