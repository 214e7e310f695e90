basic.showNumber(3.75)
