basic.showNumber(1 + /* two */ 2)
basic.showString("ok")
