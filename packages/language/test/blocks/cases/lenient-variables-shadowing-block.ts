let count = 1
if (true) {
    let count = 2
    basic.showNumber(count)
}
basic.showNumber(count)
