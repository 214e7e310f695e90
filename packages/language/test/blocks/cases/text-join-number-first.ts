let score = 3
basic.showString("" + score + " points")
