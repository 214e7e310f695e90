let name = "Ann"
let age = 9
basic.showString("" + name + " is " + age)
