// a
//
// b
basic.showNumber(1)
