basic.showNumber(1)
// the end
