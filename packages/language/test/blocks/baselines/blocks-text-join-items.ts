basic.showString("" + 1 + " and " + true)
