let word = "hello"
basic.showString(word.substr(1, 3))
