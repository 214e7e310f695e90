function double(x: number) {
    return x * 2
}
basic.showNumber(double(21))
