let flags = 5
basic.showNumber(flags & 1)
basic.showNumber(flags << 2)
