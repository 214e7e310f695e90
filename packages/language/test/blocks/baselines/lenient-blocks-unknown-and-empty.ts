basic.showNumber(0)
basic.showString("")
