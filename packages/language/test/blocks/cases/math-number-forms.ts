basic.showNumber(0.25)
basic.showNumber(1e3)
basic.showNumber(0x10)
basic.showNumber(-0.5)
