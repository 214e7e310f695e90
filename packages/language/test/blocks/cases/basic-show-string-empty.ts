basic.showString("")
