// My program
// made in class

basic.showString("hi")
