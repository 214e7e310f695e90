let word = "hello"
basic.showNumber(word.indexOf("l"))
