basic.showString(String.fromCharCode(65))
