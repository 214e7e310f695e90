let count = 5
basic.showString("" + count)
