basic.showString("café ☺ 😀")
