let a = "x"
basic.showString("" + a + ("" + a + a))
