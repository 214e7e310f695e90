basic.clearScreen()
