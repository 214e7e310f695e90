let word = "hello"
basic.showNumber(word.compare("help"))
