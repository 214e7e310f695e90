basic.showNumber(0)
