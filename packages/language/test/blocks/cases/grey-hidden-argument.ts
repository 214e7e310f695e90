basic.showNumber(5, 100)
basic.showString("fast", 50)
