let name = "Ann"
basic.showString("Hi " + name)
