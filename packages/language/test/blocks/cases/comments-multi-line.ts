// first line
// second line
basic.showNumber(1)
