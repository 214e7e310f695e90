let x: number = 0
basic.showString("a")
x = 0
