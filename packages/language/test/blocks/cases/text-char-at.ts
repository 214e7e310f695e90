let word = "hello"
basic.showString(word.charAt(0))
