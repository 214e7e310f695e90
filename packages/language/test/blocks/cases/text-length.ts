let word = "hello"
basic.showNumber(word.length)
basic.showNumber("abc".length)
