let parts = "a,b,c".split(",")
basic.showNumber(parts.length)
