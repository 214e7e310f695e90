basic.showString("Hello!")
