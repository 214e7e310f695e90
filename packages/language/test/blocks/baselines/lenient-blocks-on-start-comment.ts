// runs first

basic.clearScreen()
