// one plus two
basic.showNumber(1 + 2)
