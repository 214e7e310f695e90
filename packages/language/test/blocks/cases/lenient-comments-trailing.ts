basic.showNumber(1) // one
basic.showNumber(2) // two
