let name = "Ann"
basic.showString("" + "" + name)
