// doubles a number
function double(x: number) {
    // the answer
    return x * 2
}
basic.showNumber(double(2))
